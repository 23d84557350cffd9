import { Col, Flex, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '@/api/use-can';
import { HammerReserveChart } from '@/features/dashboard/charts/components/hammer-reserve-chart';
import { PeriodPicker } from '@/features/dashboard/charts/components/period-picker';
import { PipelineChart } from '@/features/dashboard/charts/components/pipeline-chart';
import { ReceivablesChart } from '@/features/dashboard/charts/components/receivables-chart';
import { SalesPerWeekChart } from '@/features/dashboard/charts/components/sales-per-week-chart';
import { SellThroughChart } from '@/features/dashboard/charts/components/sell-through-chart';
import { TopMembersChart } from '@/features/dashboard/charts/components/top-members-chart';
import type { ChartPeriod } from '@/features/dashboard/charts/lib/chart-period';
import { useChartPeriod } from '@/features/dashboard/charts/lib/use-chart-period';
import type { Module } from '@/lib/permissions';
import '@/lib/i18n/strings/dashboard-charts';

interface ChartEntry {
  key: string;
  module: Module;
  render: (period: ChartPeriod) => ReactNode;
}

/** Each chart and the module whose view privilege shows it (the server guards each call the same way). */
const CHARTS: readonly ChartEntry[] = [
  { key: 'sales', module: 'Auctions', render: (period) => <SalesPerWeekChart period={period} /> },
  { key: 'sellThrough', module: 'Auctions', render: (period) => <SellThroughChart period={period} /> },
  { key: 'hammer', module: 'Auctions', render: (period) => <HammerReserveChart period={period} /> },
  { key: 'pipeline', module: 'Vehicles', render: (period) => <PipelineChart period={period} /> },
  { key: 'receivables', module: 'Payments', render: (period) => <ReceivablesChart period={period} /> },
  { key: 'top', module: 'Members', render: (period) => <TopMembersChart period={period} /> },
];

/**
 * The dashboard's charts for a period chosen with the picker and kept in the URL (`?period=week|quarter|year`,
 * or `?from=YYYY-MM-DD&to=YYYY-MM-DD`; this month by default). A role sees the charts of the modules it may view,
 * and nothing at all when it may view none of them. Loaded lazily by the dashboard page with the chart library.
 */
export default function DashboardCharts() {
  const { t } = useTranslation();
  const { can, loaded } = usePermissions();
  const [period, setPeriod] = useChartPeriod();
  const visible = CHARTS.filter((chart) => can(chart.module, 'view'));
  if (!loaded || visible.length === 0) return null;
  return (
    <section aria-labelledby="dashboard-charts-title">
      <Flex wrap justify="space-between" align="center" gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={2} id="dashboard-charts-title" style={{ fontSize: 20, margin: 0 }}>
          {t('dashboardCharts.title')}
        </Typography.Title>
        <PeriodPicker value={period} onChange={setPeriod} />
      </Flex>
      <Row gutter={[16, 16]}>
        {visible.map((chart) => (
          <Col key={chart.key} xs={24} xl={12}>
            {chart.render(period)}
          </Col>
        ))}
      </Row>
    </section>
  );
}
