import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

export type UserQuery = Partial<components['schemas']['UserQuery']>;
export type UserList = components['schemas']['UserList'];
export type User = components['schemas']['UserOut'];
export type AccountStatus = components['schemas']['AccountStatus'];

/** Every query of this feature starts with this key; mutations invalidate it. */
export const usersKey = ['users'] as const;

/** POST /api/users/get: a page of staff users with search, status and role filters, and the counts. */
export function getUsers(body: UserQuery): Promise<UserList> {
  return apiRequest<UserList>('/users/get', { method: 'POST', body });
}

export function usersQueryOptions(body: UserQuery) {
  return queryOptions({ queryKey: [...usersKey, 'list', body], queryFn: () => getUsers(body), placeholderData: keepPreviousData });
}

export function useUsers(body: UserQuery) {
  return useQuery(usersQueryOptions(body));
}
