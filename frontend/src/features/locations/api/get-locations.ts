import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

export type LocationQuery = Partial<components['schemas']['LocationQuery']>;
export type LocationList = components['schemas']['LocationList'];
export type Location = components['schemas']['LocationOut'];
export type LocationStatus = components['schemas']['LocationStatus'];

/** Every location list query starts with this key; mutations invalidate it. */
export const locationsKey = ['locations'] as const;

/** POST /api/locations/get: a page of locations (snake_case fields) with search, status filter and counts. */
export function getLocations(body: LocationQuery): Promise<LocationList> {
  return apiRequest<LocationList>('/locations/get', { method: 'POST', body });
}

export function locationsQueryOptions(body: LocationQuery) {
  return queryOptions({ queryKey: [...locationsKey, 'list', body], queryFn: () => getLocations(body), placeholderData: keepPreviousData });
}

export function useLocations(body: LocationQuery) {
  return useQuery(locationsQueryOptions(body));
}
