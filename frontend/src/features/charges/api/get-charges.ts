import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

export type ChargeQuery = Partial<components['schemas']['ChargeQuery']>;
export type ChargeList = components['schemas']['ChargeList'];
export type Charge = components['schemas']['ChargeOut'];
export type AppliesTo = components['schemas']['AppliesTo'];
export type ChargeKind = components['schemas']['ChargeKind'];

/** Every charge query starts with this key; mutations invalidate it. */
export const chargesKey = ['charges'] as const;

/** POST /api/charge/get: a page of charges with search and filters, and the total/active/inactive counts. */
export function getCharges(body: ChargeQuery): Promise<ChargeList> {
  return apiRequest<ChargeList>('/charge/get', { method: 'POST', body });
}

export function chargesQueryOptions(body: ChargeQuery) {
  return queryOptions({ queryKey: [...chargesKey, 'list', body], queryFn: () => getCharges(body), placeholderData: keepPreviousData });
}

export function useCharges(body: ChargeQuery) {
  return useQuery(chargesQueryOptions(body));
}
