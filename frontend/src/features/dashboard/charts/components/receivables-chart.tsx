import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useChart } from '@/features/dashboard/charts/api/get-chart';
import type { ChartPeriod } from '@/features/dashboard/charts/lib/chart-period';
import { useChartTheme } from '@/features/dashboard/charts/lib/use-chart-theme';
import { formatAed } from '@/lib/money';
import { axisProps, CHART_HEIGHT, gridProps, shortAed, tooltipProps, xAxisProps, yAxisSide } from './chart-parts';
import { ChartCard } from './chart-card';
import { FiguresTable } from './figures-table';

/** What the period's invoices still owe, by days since issue: the older, the warmer the colour. */
export function ReceivablesChart({ period }: { period: ChartPeriod }) {
  const { t } = useTranslation();
  const theme = useChartTheme();
  const query = useChart('receivables', period);
  const amount = t('dashboardCharts.receivables.amount');
  const colours = [theme.good, theme.primary, theme.warning, theme.bad];
  return (
    <ChartCard
      title={t('dashboardCharts.receivables.title')}
      description={t('dashboardCharts.receivables.description')}
      query={query}
      total={(data) => t('dashboardCharts.receivables.total', { amount: formatAed(data.totalAmount), count: data.totalCount })}
      chart={(data) => (
        <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
          <BarChart data={data.buckets.map((bucket) => ({ ...bucket, label: t(`dashboardCharts.receivables.buckets.${bucket.bucket}`) }))}>
            <CartesianGrid {...gridProps(theme)} />
            <XAxis dataKey="label" {...xAxisProps(theme)} />
            <YAxis orientation={yAxisSide(theme, 'start')} tickFormatter={shortAed} {...axisProps(theme)} />
            <Tooltip {...tooltipProps(theme)} formatter={(value) => formatAed(Number(value))} />
            <Bar dataKey="amount" name={amount} radius={[4, 4, 0, 0]} isAnimationActive={theme.animate}>
              {data.buckets.map((bucket, index) => (
                <Cell key={bucket.bucket} fill={colours[index] ?? theme.bad} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      )}
      table={(data) => (
        <FiguresTable
          caption={t('dashboardCharts.receivables.title')}
          columns={[t('dashboardCharts.receivables.age'), t('dashboardCharts.receivables.count'), amount]}
          rows={data.buckets.map((bucket) => [t(`dashboardCharts.receivables.buckets.${bucket.bucket}`), bucket.count, formatAed(bucket.amount)])}
        />
      )}
    />
  );
}
