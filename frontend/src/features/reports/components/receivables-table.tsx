import { Flex, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { CellText, DataTable } from '@/components/data-table';
import type { AgeingBucket, Receivable, ReceivablesReport } from '@/features/reports/api/get-receivables';
import { ReportTotals } from '@/features/reports/components/report-totals';
import { formatDate, formatDueDate } from '@/lib/dates';
import { formatAed } from '@/lib/money';
import type { ListControls } from '@/lib/use-list-params';

interface Props {
  data: ReceivablesReport | undefined;
  loading: boolean;
  list: ListControls<'dates'>;
}

const BUCKETS: AgeingBucket[] = ['current', 'days1To30', 'days31To60', 'days61To90', 'over90'];

/**
 * Open invoices issued in the period, the longest overdue first, and what is due per age for the whole period. The
 * member is cut to one line (whole on hover); the issue day and the amount paid wait in the column chooser, so the
 * list fits a 1440 px screen (issue 29).
 */
export function ReceivablesTable({ data, loading, list }: Props) {
  const { t } = useTranslation();
  const columns: TableColumnsType<Receivable> = [
    // The invoice pinned at the start, what is due now (the report's key figure) next: in view at 1024 px.
    { key: 'invoiceNo', title: t('reports.receivables.invoice'), dataIndex: 'invoiceNo', fixed: 'start' },
    { key: 'dueAmount', title: t('reports.receivables.dueAmount'), dataIndex: 'dueAmount', align: 'end', render: formatAed },
    { key: 'daysOverdue', title: t('reports.receivables.daysOverdue'), dataIndex: 'daysOverdue', align: 'end' },
    { key: 'bucket', title: t('reports.receivables.age'), dataIndex: 'bucket', render: (bucket: AgeingBucket) => t(`reports.receivables.bucket.${bucket}`) },
    { key: 'buyerName', title: t('reports.receivables.member'), dataIndex: 'buyerName', render: (name: string) => <CellText text={name} max={150} /> },
    { key: 'kind', title: t('reports.receivables.kind'), dataIndex: 'kind', render: (kind: string) => t(`reports.kind.${kind}`, { defaultValue: kind }) },
    { key: 'issuedAt', title: t('reports.receivables.issued'), dataIndex: 'issuedAt', hidden: true, render: (at: string) => formatDate(at) },
    { key: 'dueAt', title: t('reports.receivables.due'), dataIndex: 'dueAt', render: (at: string | null) => formatDueDate(at) },
    { key: 'total', title: t('reports.receivables.total'), dataIndex: 'total', align: 'end', render: formatAed },
    { key: 'paidAmount', title: t('reports.receivables.paid'), dataIndex: 'paidAmount', align: 'end', hidden: true, render: formatAed },
  ];
  const totals = data?.totals;
  return (
    <Flex vertical gap={12}>
      {data && <Typography.Text type="secondary">{t('reports.receivables.asOf', { day: formatDate(data.asOf) })}</Typography.Text>}
      {totals && (
        <ReportTotals
          items={[
            { key: 'invoices', label: t('reports.receivables.invoices'), value: totals.invoices },
            ...BUCKETS.map((bucket) => ({ key: bucket, label: t(`reports.receivables.bucket.${bucket}`), value: formatAed(totals[bucket]) })),
            { key: 'total', label: t('reports.receivables.allDue'), value: formatAed(totals.total) },
          ]}
        />
      )}
      <DataTable<Receivable> listKey="report-receivables" cardColumns={['invoiceNo', 'dueAmount', 'buyerName']}
        aria-label={t('reports.receivables.tableLabel')}
        columns={columns}
        rows={data?.data}
        total={data?.totalMatching ?? 0}
        loading={loading}
        list={list}
      />
    </Flex>
  );
}
