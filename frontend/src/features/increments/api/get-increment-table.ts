import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

export type IncrementTable = components['schemas']['IncrementTableOut'];

export const incrementTableKey = ['increment-table'] as const;

/** GET /api/increment-table: the bands lots opened from now on step by (none: each auction's own increment). */
export function getIncrementTable(): Promise<IncrementTable> {
  return apiRequest<IncrementTable>('/increment-table');
}

export function incrementTableQueryOptions() {
  return queryOptions({ queryKey: incrementTableKey, queryFn: getIncrementTable });
}

export function useIncrementTable() {
  return useQuery(incrementTableQueryOptions());
}
