import { useTranslation } from 'react-i18next';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useChart } from '@/features/dashboard/charts/api/get-chart';
import type { ChartPeriod } from '@/features/dashboard/charts/lib/chart-period';
import { useChartTheme } from '@/features/dashboard/charts/lib/use-chart-theme';
import { formatDate } from '@/lib/dates';
import { formatAed } from '@/lib/money';
import { axisProps, CHART_HEIGHT, gridProps, shortAed, tooltipProps, xAxisProps, yAxisSide } from './chart-parts';
import { ChartCard } from './chart-card';
import { FiguresTable } from './figures-table';

/** Vehicles sold per week (bars) and their hammer total in AED (line). */
export function SalesPerWeekChart({ period }: { period: ChartPeriod }) {
  const { t } = useTranslation();
  const theme = useChartTheme();
  const query = useChart('sales-per-week', period);
  const count = t('dashboardCharts.sales.count');
  const amount = t('dashboardCharts.sales.amount');
  return (
    <ChartCard
      title={t('dashboardCharts.sales.title')}
      description={t('dashboardCharts.sales.description')}
      query={query}
      total={(data) => t('dashboardCharts.sales.total', { count: data.totalCount, amount: formatAed(data.totalAmount) })}
      chart={(data) => (
        <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
          <ComposedChart data={data.weeks.map((week) => ({ ...week, label: formatDate(week.weekStart).slice(0, 5) }))}>
            <CartesianGrid {...gridProps(theme)} />
            <XAxis dataKey="label" {...xAxisProps(theme)} />
            <YAxis yAxisId="count" orientation={yAxisSide(theme, 'start')} allowDecimals={false} {...axisProps(theme)} />
            <YAxis yAxisId="amount" orientation={yAxisSide(theme, 'end')} tickFormatter={shortAed} {...axisProps(theme)} />
            <Tooltip {...tooltipProps(theme)} formatter={(value, name) => (name === amount ? formatAed(Number(value)) : value)} />
            <Legend wrapperStyle={{ color: theme.text }} />
            <Bar yAxisId="count" dataKey="count" name={count} fill={theme.primary} radius={[4, 4, 0, 0]} isAnimationActive={theme.animate} />
            <Line yAxisId="amount" dataKey="amount" name={amount} stroke={theme.warning} strokeWidth={2} dot={false} isAnimationActive={theme.animate} />
          </ComposedChart>
        </ResponsiveContainer>
      )}
      table={(data) => (
        <FiguresTable
          caption={t('dashboardCharts.sales.title')}
          columns={[t('dashboardCharts.sales.week'), count, amount]}
          rows={data.weeks.map((week) => [formatDate(week.weekStart), week.count, formatAed(week.amount)])}
        />
      )}
    />
  );
}
