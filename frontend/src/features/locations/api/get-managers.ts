import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

export type Manager = components['schemas']['StaffName'];

/**
 * Active staff users who can manage a yard, by name (GET /api/lookups/staff: name and email only), allowed with
 * Settings view, so the location form needs no Users privilege.
 */
export function getManagers(): Promise<Manager[]> {
  return apiRequest<Manager[]>('/lookups/staff');
}

/** Under ['users']: adding, suspending or deleting a staff user refreshes the picker too. */
export function managersQueryOptions() {
  return queryOptions({ queryKey: ['users', 'managers'], queryFn: getManagers, staleTime: 60_000 });
}

export function useManagers() {
  return useQuery(managersQueryOptions());
}
