import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { periodQuery, type ChartPeriod } from '@/features/dashboard/charts/lib/chart-period';

type Schemas = components['schemas'];

/** Each chart's call under /api/dashboard/charts/ and its answer. */
export interface ChartAnswers {
  'sales-per-week': Schemas['SalesPerWeek'];
  'sell-through': Schemas['SellThrough'];
  'hammer-vs-reserve': Schemas['HammerVsReserve'];
  pipeline: Schemas['Pipeline'];
  receivables: Schemas['Receivables'];
  'top-members': Schemas['TopMembers'];
}
export type ChartName = keyof ChartAnswers;

export const chartsKey = ['dashboard-charts'] as const;

/** GET /api/dashboard/charts/{name}?period=… or ?from=…&to=…: one chart's figures for the period. */
export function getChart<N extends ChartName>(name: N, period: ChartPeriod): Promise<ChartAnswers[N]> {
  // Silent: each chart shows its own skeleton instead of the app's loading animation.
  return apiRequest<ChartAnswers[N]>(`/dashboard/charts/${name}?${periodQuery(period)}`, { silent: true });
}

export function chartQueryOptions<N extends ChartName>(name: N, period: ChartPeriod) {
  return queryOptions({ queryKey: [...chartsKey, name, period], queryFn: () => getChart(name, period), placeholderData: keepPreviousData });
}

export function useChart<N extends ChartName>(name: N, period: ChartPeriod) {
  return useQuery(chartQueryOptions(name, period));
}
