import { Flex, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table';
import type { EventSales, SalesReport } from '@/features/reports/api/get-sales-by-event';
import { ReportTotals } from '@/features/reports/components/report-totals';
import { formatDate } from '@/lib/dates';
import { formatAed } from '@/lib/money';
import type { ListControls } from '@/lib/use-list-params';

interface Props {
  data: SalesReport | undefined;
  loading: boolean;
  list: ListControls<'dates'>;
}

/** The period's events with a result: lots run, sold, no sale, hammer total, fees and VAT; totals for the period. */
export function SalesByEventTable({ data, loading, list }: Props) {
  const { t } = useTranslation();
  const columns: TableColumnsType<EventSales> = [
    // The sale day pinned at the start, the auction and the hammer total (the report's key figure) next: in view at 1024 px.
    { key: 'saleDate', title: t('reports.sales.saleDate'), dataIndex: 'saleDate', fixed: 'start', render: (day: string) => formatDate(day) },
    { key: 'auctionTitle', title: t('reports.sales.auction'), dataIndex: 'auctionTitle' },
    { key: 'hammerTotal', title: t('reports.sales.hammerTotal'), dataIndex: 'hammerTotal', align: 'end', render: formatAed },
    { key: 'lotsRun', title: t('reports.sales.lotsRun'), dataIndex: 'lotsRun', align: 'end' },
    { key: 'sold', title: t('reports.sales.sold'), dataIndex: 'sold', align: 'end' },
    { key: 'noSale', title: t('reports.sales.noSale'), dataIndex: 'noSale', align: 'end' },
    { key: 'fees', title: t('reports.sales.fees'), dataIndex: 'fees', align: 'end', render: formatAed },
    { key: 'vat', title: t('reports.sales.vat'), dataIndex: 'vat', align: 'end', render: formatAed },
  ];
  const totals = data?.totals;
  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">{t('reports.sales.explain')}</Typography.Text>
      {totals && (
        <ReportTotals
          items={[
            { key: 'events', label: t('reports.sales.events'), value: totals.events },
            { key: 'lotsRun', label: t('reports.sales.lotsRun'), value: totals.lotsRun },
            { key: 'sold', label: t('reports.sales.sold'), value: totals.sold },
            { key: 'noSale', label: t('reports.sales.noSale'), value: totals.noSale },
            { key: 'hammer', label: t('reports.sales.hammerTotal'), value: formatAed(totals.hammerTotal) },
            { key: 'fees', label: t('reports.sales.fees'), value: formatAed(totals.fees) },
            { key: 'vat', label: t('reports.sales.vat'), value: formatAed(totals.vat) },
          ]}
        />
      )}
      <DataTable<EventSales> listKey="report-sales-by-event" cardColumns={['saleDate', 'auctionTitle', 'hammerTotal']}
        aria-label={t('reports.sales.tableLabel')}
        columns={columns}
        rows={data?.data}
        total={data?.totalMatching ?? 0}
        loading={loading}
        list={list}
      />
    </Flex>
  );
}
