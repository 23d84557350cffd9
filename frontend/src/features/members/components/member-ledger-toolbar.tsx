import { DownloadOutlined, FilePdfOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '@/components/date-range-filter';
import { FilterSelect } from '@/components/filter-select';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import { useDownloadMemberStatementMutation } from '@/features/members/api/download-member-statement';
import { useExportMemberLedgerMutation, type LedgerFilter } from '@/features/members/api/export-member-ledger';
import { LEDGER_KINDS, ledgerKindLabel } from '@/features/members/lib/ledger-params';

interface MemberLedgerToolbarProps {
  memberId: string;
  /** The filters of the URL, as the export takes them. */
  filter: LedgerFilter;
  kind: string | undefined;
  dates: string | undefined;
  onKind: (kind: string | undefined) => void;
  onDates: (dates: string | undefined) => void;
}

/** Kind and Dubai date range (in the URL), 'Export CSV' of the filtered entries and 'Statement PDF' of the dates chosen. */
export function MemberLedgerToolbar({ memberId, filter, kind, dates, onKind, onDates }: MemberLedgerToolbarProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const exporting = useExportMemberLedgerMutation(memberId);
  const statement = useDownloadMemberStatementMutation(memberId);
  const period = { dateFrom: filter.dateFrom ?? undefined, dateTo: filter.dateTo ?? undefined };
  return (
    <Flex gap={12} wrap justify="space-between">
      <Flex gap={12} wrap>
        <FilterSelect
          aria-label={t('members.ledger.filters.kind')}
          placeholder={t('members.ledger.filters.allKinds')}
          value={kind}
          options={LEDGER_KINDS.map((value) => ({ value, label: ledgerKindLabel(value) }))}
          onChange={onKind}
        />
        <DateRangeFilter
          aria-label={t('members.ledger.filters.dates')}
          placeholder={[t('members.ledger.filters.datesFrom'), t('members.ledger.filters.datesTo')]}
          value={dates}
          onChange={onDates}
        />
      </Flex>
      <Flex gap={8} wrap>
        <Button
          icon={<DownloadOutlined />}
          loading={exporting.isPending}
          onClick={() =>
            exporting.mutate(filter, {
              onSuccess: (file) => toast.success(t('members.exported', { name: file.name })),
              onError: (error) => showError(error, t('members.errors.ledgerExportFailed')),
            })
          }
        >
          {t('members.ledger.export')}
        </Button>
        <Button
          icon={<FilePdfOutlined />}
          loading={statement.isPending}
          onClick={() => statement.mutate(period, { onError: (error) => showError(error, t('members.errors.statementFailed')) })}
        >
          {t('members.ledger.statement')}
        </Button>
      </Flex>
    </Flex>
  );
}
