import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

export type PlanQuery = Partial<components['schemas']['PlanQuery']>;
export type PlanList = components['schemas']['PlanList'];
export type Plan = components['schemas']['PlanOut'];

/** Every plan query starts with this key; mutations invalidate it. */
export const plansKey = ['plans'] as const;

/** POST /api/plan/list: a page of security plans with their subscriber counts. */
export function listPlans(body: PlanQuery): Promise<PlanList> {
  return apiRequest<PlanList>('/plan/list', { method: 'POST', body });
}

export function plansQueryOptions(body: PlanQuery) {
  return queryOptions({ queryKey: [...plansKey, 'list', body], queryFn: () => listPlans(body), placeholderData: keepPreviousData });
}

export function usePlans(body: PlanQuery) {
  return useQuery(plansQueryOptions(body));
}
