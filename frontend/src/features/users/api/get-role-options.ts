import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

export type RoleList = components['schemas']['RoleList'];
export type RoleItem = components['schemas']['RoleListItem'];

/** Roles with their privileges, for the role filter and the user form (POST /api/role/get, one page of 100). */
export function getRoleOptions(): Promise<RoleList> {
  return apiRequest<RoleList>('/role/get', { method: 'POST', body: { pageNo: 1, limit: 100, sortBy: 'name', sortOrder: 'asc' } });
}

export function roleOptionsQueryOptions() {
  return queryOptions({ queryKey: ['roles', 'options'], queryFn: getRoleOptions, staleTime: 60_000 });
}

export function useRoleOptions() {
  return useQuery(roleOptionsQueryOptions());
}
