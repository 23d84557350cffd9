import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { plansKey } from '@/features/plans/api/list-plans';

export type SubscriberQuery = components['schemas']['SubscriberQuery'];
export type SubscriberList = components['schemas']['SubscriberList'];
export type Subscriber = components['schemas']['SubscriberOut'];

/** POST /api/plan/{id}/subscribers {pageNo, limit, search}: a page of the plan's members with deposit, buying power and status. */
export function getPlanSubscribers(planId: string, body: SubscriberQuery): Promise<SubscriberList> {
  return apiRequest<SubscriberList>(`/plan/${encodeURIComponent(planId)}/subscribers`, { method: 'POST', body });
}

export function planSubscribersQueryOptions(planId: string, body: SubscriberQuery) {
  return queryOptions({
    queryKey: [...plansKey, 'subscribers', planId, body],
    queryFn: () => getPlanSubscribers(planId, body),
    placeholderData: keepPreviousData,
  });
}

/** `enabled` while the subscribers are shown. */
export function usePlanSubscribers(planId: string, body: SubscriberQuery, enabled: boolean) {
  return useQuery({ ...planSubscribersQueryOptions(planId, body), enabled });
}
