import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

export type RoleOption = components['schemas']['RoleName'];

/**
 * Roles for the role filter and the user form (GET /api/lookups/roles: every role's name, switch and privileges,
 * by name), allowed with Users add, edit or view as well as Roles view: whoever may add a user may pick a role.
 */
export function getRoleOptions(): Promise<RoleOption[]> {
  return apiRequest<RoleOption[]>('/lookups/roles');
}

/** Under ['roles']: adding, changing, switching or deleting a role refreshes the options too. */
export function roleOptionsQueryOptions() {
  return queryOptions({ queryKey: ['roles', 'options'], queryFn: getRoleOptions, staleTime: 60_000 });
}

export function useRoleOptions() {
  return useQuery(roleOptionsQueryOptions());
}
