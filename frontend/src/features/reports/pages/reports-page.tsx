import { Flex, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { useErrorToast } from '@/components/use-error-toast';
import { usePayoutsReport } from '@/features/reports/api/get-payouts-report';
import { useReceivables } from '@/features/reports/api/get-receivables';
import { useSalesByEvent } from '@/features/reports/api/get-sales-by-event';
import { useVatReport } from '@/features/reports/api/get-vat-report';
import { PayoutsTable } from '@/features/reports/components/payouts-table';
import { ReceivablesTable } from '@/features/reports/components/receivables-table';
import { ReportToolbar } from '@/features/reports/components/report-toolbar';
import { SalesByEventTable } from '@/features/reports/components/sales-by-event-table';
import { VatReportView } from '@/features/reports/components/vat-report-view';
import { isReportTab, periodOf, REPORT_NAMES, REPORT_TABS, type ReportTab } from '@/features/reports/lib/report-period';
import { useListParams } from '@/lib/use-list-params';
import '@/lib/i18n/strings/reports';

const FILTERS = ['dates'] as const;

/**
 * /reports: sales by event, receivables ageing, payouts and VAT, one tab each (`?tab=`), for a period of Dubai days
 * (`?dates=`, this month until one is chosen), paged on the server; each downloads whole as CSV or XLSX.
 */
export function ReportsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const list = useListParams(FILTERS);
  const asked = params.get('tab') ?? '';
  const tab: ReportTab = isReportTab(asked) ? asked : REPORT_TABS[0];
  const period = periodOf(list.filters.dates);
  const body = { ...period, pageNo: list.page, limit: list.limit };

  const sales = useSalesByEvent(body, tab === 'sales');
  const receivables = useReceivables(body, tab === 'receivables');
  const payouts = usePayoutsReport(body, tab === 'payouts');
  const vat = useVatReport(body, tab === 'vat');
  const current = { sales, receivables, payouts, vat }[tab];
  useErrorToast(current.error, t('reports.errors.fetchFailed'));

  const openTab = (key: string) =>
    setParams(
      (now) => {
        const next = new URLSearchParams(now);
        if (key === REPORT_TABS[0]) next.delete('tab');
        else next.set('tab', key);
        next.delete('page');
        return next;
      },
      { replace: true },
    );

  const panes = {
    sales: <SalesByEventTable data={sales.data} loading={sales.isFetching} list={list} />,
    receivables: <ReceivablesTable data={receivables.data} loading={receivables.isFetching} list={list} />,
    payouts: <PayoutsTable data={payouts.data} loading={payouts.isFetching} list={list} />,
    vat: <VatReportView data={vat.data} loading={vat.isFetching} list={list} />,
  };

  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('reports.title')} />
      <ReportToolbar report={REPORT_NAMES[tab]} period={period} onPeriod={(dates) => list.setFilter('dates', dates)} />
      <Tabs
        activeKey={tab}
        onChange={openTab}
        destroyOnHidden
        items={REPORT_TABS.map((key) => ({ key, label: t(`reports.tabs.${key}`), children: panes[key] }))}
      />
    </Flex>
  );
}
