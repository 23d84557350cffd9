import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

type UserList = components['schemas']['UserList'];

/** Active staff users who can manage a yard (POST /api/users/get, SPEC.md: also used for general managers). */
export function getManagers(): Promise<UserList> {
  return apiRequest<UserList>('/users/get', {
    method: 'POST',
    body: { pageNo: 1, limit: 100, userAccountStatus: 'Active', sortBy: 'fullName', sortOrder: 'asc' },
  });
}

export function managersQueryOptions() {
  return queryOptions({ queryKey: ['users', 'managers'], queryFn: getManagers, staleTime: 60_000 });
}

export function useManagers() {
  return useQuery(managersQueryOptions());
}
