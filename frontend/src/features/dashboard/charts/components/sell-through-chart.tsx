import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useChart } from '@/features/dashboard/charts/api/get-chart';
import type { ChartPeriod } from '@/features/dashboard/charts/lib/chart-period';
import { useChartTheme } from '@/features/dashboard/charts/lib/use-chart-theme';
import { formatDate } from '@/lib/dates';
import { axisProps, CHART_HEIGHT, gridProps, percent, tooltipProps, xAxisProps, yAxisSide } from './chart-parts';
import { ChartCard } from './chart-card';
import { FiguresTable } from './figures-table';

/** Sold over run for the period's latest events (oldest first: on the left in English, on the right in Arabic), and for the whole period. */
export function SellThroughChart({ period }: { period: ChartPeriod }) {
  const { t } = useTranslation();
  const theme = useChartTheme();
  const query = useChart('sell-through', period);
  const rate = t('dashboardCharts.sellThrough.rate');
  return (
    <ChartCard
      title={t('dashboardCharts.sellThrough.title')}
      description={t('dashboardCharts.sellThrough.description')}
      query={query}
      total={(data) =>
        data.rate === null || data.rate === undefined
          ? t('dashboardCharts.sellThrough.none')
          : t('dashboardCharts.sellThrough.total', { rate: percent(data.rate), events: data.totalEvents, sold: data.sold, run: data.run })
      }
      chart={(data) =>
        data.events.length === 0 ? (
          <Typography.Text type="secondary">{t('dashboardCharts.noData')}</Typography.Text>
        ) : (
          <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
            <BarChart
              data={[...data.events].reverse().map((event) => ({
                label: formatDate(event.saleDate).slice(0, 5),
                title: `${event.auctionTitle}, ${formatDate(event.saleDate)}`,
                rate: Math.round(event.rate * 1000) / 10,
              }))}
            >
              <CartesianGrid {...gridProps(theme)} />
              <XAxis dataKey="label" {...xAxisProps(theme)} />
              <YAxis orientation={yAxisSide(theme, 'start')} domain={[0, 100]} unit="%" {...axisProps(theme)} />
              <Tooltip
                {...tooltipProps(theme)}
                labelFormatter={(_, payload) => String(payload[0]?.payload?.title ?? '')}
                formatter={(value) => `${String(value)}%`}
              />
              <Bar dataKey="rate" name={rate} fill={theme.good} radius={[4, 4, 0, 0]} isAnimationActive={theme.animate} />
            </BarChart>
          </ResponsiveContainer>
        )
      }
      table={(data) => (
        <FiguresTable
          caption={t('dashboardCharts.sellThrough.title')}
          columns={[t('dashboardCharts.sellThrough.event'), t('dashboardCharts.sellThrough.run'), t('dashboardCharts.sellThrough.sold'), rate]}
          rows={data.events.map((event) => [`${event.auctionTitle}, ${formatDate(event.saleDate)}`, event.run, event.sold, percent(event.rate)])}
        />
      )}
    />
  );
}
