import { Flex, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table';
import type { PayoutRow, PayoutsReport } from '@/features/reports/api/get-payouts-report';
import { ReportTotals } from '@/features/reports/components/report-totals';
import { formatDateTime } from '@/lib/dates';
import { formatAed } from '@/lib/money';
import type { ListControls } from '@/lib/use-list-params';

interface Props {
  data: PayoutsReport | undefined;
  loading: boolean;
  list: ListControls<'dates'>;
}

/** Payouts and refunds dated in the period, oldest first, with the count and AED per kind and status. */
export function PayoutsTable({ data, loading, list }: Props) {
  const { t } = useTranslation();
  const word = (group: 'kind' | 'status' | 'method', value: string) => t(`reports.${group}.${value}`, { defaultValue: value });
  const columns: TableColumnsType<PayoutRow> = [
    // The transaction pinned at the start, its amount (the report's key figure) next: in view at 1024 px.
    { key: 'transactionId', title: t('reports.payouts.transaction'), dataIndex: 'transactionId', fixed: 'start' },
    { key: 'amount', title: t('reports.payouts.amount'), dataIndex: 'amount', align: 'end', render: formatAed },
    { key: 'kind', title: t('reports.payouts.kind'), dataIndex: 'kind', render: (kind: string) => word('kind', kind) },
    { key: 'status', title: t('reports.payouts.status'), dataIndex: 'status', render: (status: string) => word('status', status) },
    { key: 'memberName', title: t('reports.payouts.member'), dataIndex: 'memberName' },
    { key: 'documentNo', title: t('reports.payouts.document'), dataIndex: 'documentNo' },
    { key: 'lotNumber', title: t('reports.payouts.lot'), dataIndex: 'lotNumber', render: (lot: number | null) => lot ?? '' },
    { key: 'method', title: t('reports.payouts.method'), dataIndex: 'method', render: (method: string) => word('method', method) },
    { key: 'reference', title: t('reports.payouts.reference'), dataIndex: 'reference', render: (reference: string | null) => reference ?? '' },
    { key: 'paidAt', title: t('reports.payouts.date'), dataIndex: 'paidAt', render: (at: string) => formatDateTime(at) },
  ];
  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">{t('reports.payouts.explain')}</Typography.Text>
      {data && data.totals.length > 0 && (
        <ReportTotals
          items={data.totals.map((total) => ({
            key: `${total.kind}-${total.status}`,
            label: `${word('kind', total.kind)} · ${word('status', total.status)}`,
            value: t('reports.payouts.totalLine', { count: total.count, amount: formatAed(total.amount) }),
          }))}
        />
      )}
      <DataTable<PayoutRow> listKey="report-payouts" cardColumns={['transactionId', 'amount', 'memberName']}
        aria-label={t('reports.payouts.tableLabel')}
        columns={columns}
        rows={data?.data}
        total={data?.totalMatching ?? 0}
        loading={loading}
        list={list}
      />
    </Flex>
  );
}
