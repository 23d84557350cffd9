import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { components } from '@/api/schema';
import { useChart } from '@/features/dashboard/charts/api/get-chart';
import type { ChartPeriod } from '@/features/dashboard/charts/lib/chart-period';
import { useChartTheme, type ChartTheme } from '@/features/dashboard/charts/lib/use-chart-theme';
import { axisProps, barEndRadius, CHART_HEIGHT, gridProps, tooltipProps, xAxisProps, yAxisSide } from './chart-parts';
import { ChartCard } from './chart-card';
import { FiguresTable } from './figures-table';

type Stage = components['schemas']['PipelineStage'];

function stageColour(stage: Stage, theme: ChartTheme): string {
  if (stage === 'rejected' || stage === 'cancelled') return theme.bad;
  if (stage === 'released') return theme.good;
  return theme.primary;
}

/** Where the vehicles submitted in the period stand today, one bar per stage from review to released. */
export function PipelineChart({ period }: { period: ChartPeriod }) {
  const { t } = useTranslation();
  const theme = useChartTheme();
  const query = useChart('pipeline', period);
  const count = t('dashboardCharts.pipeline.count');
  return (
    <ChartCard
      title={t('dashboardCharts.pipeline.title')}
      description={t('dashboardCharts.pipeline.description')}
      query={query}
      total={(data) => t('dashboardCharts.pipeline.total', { count: data.submitted })}
      chart={(data) => (
        <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
          <BarChart layout="vertical" data={data.stages.map((stage) => ({ ...stage, label: t(`dashboardCharts.pipeline.stages.${stage.stage}`) }))}>
            <CartesianGrid {...gridProps(theme)} horizontal={false} vertical />
            <XAxis type="number" allowDecimals={false} {...xAxisProps(theme)} />
            <YAxis type="category" orientation={yAxisSide(theme, 'start')} dataKey="label" width={130} {...axisProps(theme)} />
            <Tooltip {...tooltipProps(theme)} />
            <Bar dataKey="count" name={count} radius={barEndRadius(theme)} isAnimationActive={theme.animate}>
              {data.stages.map((stage) => (
                <Cell key={stage.stage} fill={stageColour(stage.stage, theme)} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      )}
      table={(data) => (
        <FiguresTable
          caption={t('dashboardCharts.pipeline.title')}
          columns={[t('dashboardCharts.pipeline.stage'), count]}
          rows={data.stages.map((stage) => [t(`dashboardCharts.pipeline.stages.${stage.stage}`), stage.count])}
        />
      )}
    />
  );
}
