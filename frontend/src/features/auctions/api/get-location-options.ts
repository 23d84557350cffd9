import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

type LocationList = components['schemas']['LocationList'];
export type LocationOption = Pick<components['schemas']['LocationOut'], '_id' | 'title' | 'city' | 'status'>;

/**
 * The yards for the auction pickers and filters, by title (POST /api/locations/get, the first 100). It needs
 * Settings view: no lookup of location names exists for roles without it, so the screens ask only when allowed.
 * `activeOnly`: the locations a new auction may use.
 */
export function getLocationOptions(activeOnly: boolean): Promise<LocationOption[]> {
  const body = { pageNo: 1, limit: 100, sortBy: 'title', sortOrder: 'asc', ...(activeOnly ? { status: 'active' } : {}) };
  return apiRequest<LocationList>('/locations/get', { method: 'POST', body }).then((answer) =>
    answer.locations.map(({ _id, title, city, status }) => ({ _id, title, city, status })),
  );
}

/** Under ['locations']: adding, renaming or switching off a location refreshes the pickers too. */
export function locationOptionsQueryOptions(activeOnly: boolean, enabled = true) {
  return queryOptions({
    queryKey: ['locations', 'options', activeOnly ? 'active' : 'all'],
    queryFn: () => getLocationOptions(activeOnly),
    staleTime: 60_000,
    enabled,
  });
}

export function useLocationOptions(activeOnly: boolean, enabled = true) {
  return useQuery(locationOptionsQueryOptions(activeOnly, enabled));
}
