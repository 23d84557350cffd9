import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useChart } from '@/features/dashboard/charts/api/get-chart';
import type { ChartPeriod } from '@/features/dashboard/charts/lib/chart-period';
import { useChartTheme } from '@/features/dashboard/charts/lib/use-chart-theme';
import { formatAed } from '@/lib/money';
import { axisProps, CHART_HEIGHT, gridProps, shortAed, tooltipProps, xAxisProps, yAxisSide } from './chart-parts';
import { ChartCard } from './chart-card';
import { FiguresTable } from './figures-table';

/** The period's sold vehicles per band of hammer against reserve: hammer and reserve totals side by side. */
export function HammerReserveChart({ period }: { period: ChartPeriod }) {
  const { t } = useTranslation();
  const theme = useChartTheme();
  const query = useChart('hammer-vs-reserve', period);
  const hammer = t('dashboardCharts.hammer.hammer');
  const reserve = t('dashboardCharts.hammer.reserve');
  return (
    <ChartCard
      title={t('dashboardCharts.hammer.title')}
      description={t('dashboardCharts.hammer.description')}
      query={query}
      total={(data) => t('dashboardCharts.hammer.total', { hammer: formatAed(data.hammerTotal), reserve: formatAed(data.reserveTotal) })}
      chart={(data) => (
        <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
          <BarChart data={data.bands.map((band) => ({ ...band, label: t(`dashboardCharts.hammer.bands.${band.band}`) }))}>
            <CartesianGrid {...gridProps(theme)} />
            <XAxis dataKey="label" {...xAxisProps(theme)} interval={0} fontSize={11} />
            <YAxis orientation={yAxisSide(theme, 'start')} tickFormatter={shortAed} {...axisProps(theme)} />
            <Tooltip {...tooltipProps(theme)} formatter={(value) => formatAed(Number(value))} />
            <Legend wrapperStyle={{ color: theme.text }} />
            <Bar dataKey="hammer" name={hammer} fill={theme.primary} radius={[4, 4, 0, 0]} isAnimationActive={theme.animate} />
            <Bar dataKey="reserve" name={reserve} fill={theme.neutral} radius={[4, 4, 0, 0]} isAnimationActive={theme.animate} />
          </BarChart>
        </ResponsiveContainer>
      )}
      table={(data) => (
        <FiguresTable
          caption={t('dashboardCharts.hammer.title')}
          columns={[t('dashboardCharts.hammer.band'), t('dashboardCharts.hammer.count'), hammer, reserve]}
          rows={data.bands.map((band) => [t(`dashboardCharts.hammer.bands.${band.band}`), band.count, formatAed(band.hammer), formatAed(band.reserve)])}
        />
      )}
    />
  );
}
