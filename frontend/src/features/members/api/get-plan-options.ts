import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

export type PlanOption = components['schemas']['PlanName'];

/**
 * Security plans for the plan filter, the plan picker and the plan's name on a member (GET /api/lookups/plans:
 * every plan's name and buying power, by name), allowed with Members view, so a role without Settings view still
 * sees names, never ids.
 */
export function getPlanOptions(): Promise<PlanOption[]> {
  return apiRequest<PlanOption[]>('/lookups/plans');
}

/** Under ['plans']: adding, changing or deleting a plan refreshes the options too. */
export function planOptionsQueryOptions() {
  return queryOptions({ queryKey: ['plans', 'options'], queryFn: getPlanOptions, staleTime: 60_000 });
}

export function usePlanOptions() {
  return useQuery(planOptionsQueryOptions());
}
