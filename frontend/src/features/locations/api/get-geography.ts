import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

export type Geography = components['schemas']['Geography'];

/** GET /api/locations/geography: countries, their states (emirates) and cities, and the default country. */
export function getGeography(): Promise<Geography> {
  return apiRequest<Geography>('/locations/geography');
}

export function geographyQueryOptions() {
  return queryOptions({ queryKey: ['geography'], queryFn: getGeography, staleTime: Infinity });
}

export function useGeography() {
  return useQuery(geographyQueryOptions());
}
