import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

export type DashboardSummary = components['schemas']['DashboardSummary'];
export type TodayFigures = components['schemas']['TodayFigures'];
export type DashboardTotals = components['schemas']['DashboardTotals'];

export const dashboardSummaryKey = ['dashboard', 'summary'] as const;

/** GET /api/dashboard/summary: today's figures and the totals; a part is null when the role may not view its module. */
export function getDashboardSummary(): Promise<DashboardSummary> {
  return apiRequest<DashboardSummary>('/dashboard/summary');
}

export function dashboardSummaryQueryOptions() {
  // Others work meanwhile: the figures are read again when the page is opened again or the window regains focus.
  return queryOptions({ queryKey: dashboardSummaryKey, queryFn: getDashboardSummary, refetchOnWindowFocus: true, staleTime: 30_000 });
}

export function useDashboardSummary() {
  return useQuery(dashboardSummaryQueryOptions());
}
