import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

type PlanList = components['schemas']['PlanList'];

/** Security plans for the plan filter and picker (POST /api/plan/list, one page of 100, by name). */
export function getPlanOptions(): Promise<PlanList> {
  return apiRequest<PlanList>('/plan/list', { method: 'POST', body: { pageNo: 1, limit: 100, sortBy: 'name', sortOrder: 'asc' } });
}

export function planOptionsQueryOptions() {
  return queryOptions({ queryKey: ['plans', 'options'], queryFn: getPlanOptions, staleTime: 60_000 });
}

export function usePlanOptions() {
  return useQuery(planOptionsQueryOptions());
}
