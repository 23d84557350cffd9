import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

export type RoleQuery = Partial<components['schemas']['RoleQuery']>;
export type RoleList = components['schemas']['RoleList'];
export type Role = components['schemas']['RoleListItem'];

/** Every role query starts with this key; mutations invalidate it (the user form's role list too). */
export const rolesKey = ['roles'] as const;

/** POST /api/role/get: a page of roles with privileges, assigned user counts and totals. */
export function getRoles(body: RoleQuery): Promise<RoleList> {
  return apiRequest<RoleList>('/role/get', { method: 'POST', body });
}

export function rolesQueryOptions(body: RoleQuery) {
  return queryOptions({ queryKey: [...rolesKey, 'list', body], queryFn: () => getRoles(body), placeholderData: keepPreviousData });
}

export function useRoles(body: RoleQuery) {
  return useQuery(rolesQueryOptions(body));
}
