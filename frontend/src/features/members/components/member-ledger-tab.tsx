import { Alert, Button, Flex, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useCan } from '@/api/use-can';
import { CellText } from '@/components/data-table';
import { useErrorToast } from '@/components/use-error-toast';
import { useMemberLedger, type LedgerEntry } from '@/features/members/api/get-member-ledger';
import { MemberInvoiceLink } from '@/features/members/components/member-invoice-link';
import { MemberLedgerBalances } from '@/features/members/components/member-ledger-balances';
import { MemberLedgerToolbar } from '@/features/members/components/member-ledger-toolbar';
import { LEDGER_PAGE_SIZE, LEDGER_PARAMS, ledgerFilter, ledgerKindLabel, ledgerQuery } from '@/features/members/lib/ledger-params';
import { formatDate } from '@/lib/dates';
import { formatAed } from '@/lib/money';
import { paths } from '@/lib/paths';

/**
 * 'Ledger' (Payments view): every movement of the member's money, newest first, with what it added to what they
 * owe us, what we owe them and the deposit, and the three balances after it; the balances now on top. Kind, dates
 * and page are in the URL; the filtered entries export as CSV and the chosen dates print as a statement PDF.
 */
export function MemberLedgerTab({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const canViewPayments = useCan('Payments', 'view');
  const canViewVehicles = useCan('Vehicles', 'view');
  const [params, setParams] = useSearchParams();
  const body = ledgerQuery(params);
  const query = useMemberLedger(memberId, body, canViewPayments);
  useErrorToast(query.error, t('members.errors.ledgerFailed'));

  const setParam = (key: string, value: string | undefined, resetPage: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        if (resetPage) next.delete(LEDGER_PARAMS.page);
        return next;
      },
      { replace: true },
    );

  const money = (key: keyof LedgerEntry & string, title: string) => ({
    key,
    title,
    align: 'end' as const,
    render: (_: unknown, entry: LedgerEntry) => formatAed(entry[key] as number),
  });
  const columns: TableColumnsType<LedgerEntry> = [
    { key: 'date', title: t('members.ledger.date'), render: (_, entry) => formatDate(entry.date) },
    { key: 'kind', title: t('members.ledger.kind'), render: (_, entry) => ledgerKindLabel(entry.kind) },
    { key: 'description', title: t('members.ledger.description'), render: (_, entry) => <CellText text={entry.description} /> },
    {
      key: 'document',
      title: t('members.ledger.document'),
      render: (_, entry) => {
        const number = entry.documentNumber ?? entry.transactionId;
        if (!number) return t('common.notAvailable');
        return entry.invoiceId && entry.documentNumber ? <MemberInvoiceLink id={entry.invoiceId} number={entry.documentNumber} /> : number;
      },
    },
    {
      key: 'lot',
      title: t('members.ledger.lot'),
      render: (_, entry) => {
        if (entry.vehicleLotNumber === null) return '';
        return canViewVehicles && entry.vehicleId ? <Link to={`${paths.vehicle}/${entry.vehicleId}`}>{entry.vehicleLotNumber}</Link> : entry.vehicleLotNumber;
      },
    },
    { key: 'movement', title: t('members.ledger.movement'), children: [money('owesUs', t('members.ledger.owesUs')), money('weOwe', t('members.ledger.weOwe')), money('deposit', t('members.ledger.deposit'))] },
    {
      key: 'after',
      title: t('members.ledger.balancesAfter'),
      children: [money('owesUsBalance', t('members.ledger.owesUsBalance')), money('weOweBalance', t('members.ledger.weOweBalance')), money('depositBalance', t('members.ledger.depositBalance'))],
    },
  ];

  const table = t('members.ledger.table');
  return (
    <Flex vertical gap={16}>
      <MemberLedgerBalances balances={query.data?.balances} />
      <MemberLedgerToolbar
        memberId={memberId}
        filter={ledgerFilter(params)}
        kind={params.get(LEDGER_PARAMS.kind) ?? undefined}
        dates={params.get(LEDGER_PARAMS.dates) ?? undefined}
        onKind={(value) => setParam(LEDGER_PARAMS.kind, value, true)}
        onDates={(value) => setParam(LEDGER_PARAMS.dates, value, true)}
      />
      {query.isError && !query.data ? (
        <Alert type="error" showIcon title={t('members.errors.ledgerFailed')} action={<Button onClick={() => void query.refetch()}>{t('members.money.retry')}</Button>} />
      ) : (
        <Table<LedgerEntry>
          aria-label={table}
          rowKey="_id"
          bordered
          size="small"
          columns={columns}
          dataSource={query.data?.data}
          loading={query.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('members.ledger.empty') }}
          pagination={{
            current: body.pageNo,
            pageSize: LEDGER_PAGE_SIZE,
            total: query.data?.totalMatching ?? 0,
            onChange: (page) => setParam(LEDGER_PARAMS.page, page > 1 ? String(page) : undefined, false),
            hideOnSinglePage: true,
            showSizeChanger: false,
          }}
        />
      )}
    </Flex>
  );
}
