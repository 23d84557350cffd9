import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

export type PlanOption = components['schemas']['PlanName'];

/** GET /api/lookups/plans: the security plans' names for a campaign's audience filter (allowed with Alerts view). */
export function getPlanOptions(): Promise<PlanOption[]> {
  return apiRequest<PlanOption[]>('/lookups/plans');
}

/** Under ['plans'], as the members screens keep them: a plan change refreshes them too. */
export function planOptionsQueryOptions() {
  return queryOptions({ queryKey: ['plans', 'options'], queryFn: getPlanOptions, staleTime: 60_000 });
}

export function usePlanOptions() {
  return useQuery(planOptionsQueryOptions());
}
