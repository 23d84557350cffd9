import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

export type StaffSessionQuery = Partial<components['schemas']['StaffSessionQuery']>;
export type StaffSessionList = components['schemas']['StaffSessionList'];
export type StaffSession = components['schemas']['StaffSessionOut'];

/** Every staff session query starts with this key; ending a session invalidates it. */
export const staffSessionsKey = ['staff-sessions'] as const;

/** How often the console looks again: people sign in and out while it is open. */
export const REFRESH_MS = 30_000;

/** POST /api/staff-sessions/get: a page of live staff sessions, searched by name or email. */
export function getStaffSessions(body: StaffSessionQuery): Promise<StaffSessionList> {
  // Silent: the 30 s refresh must not flash the global loading car; the table shows its own loading.
  return apiRequest<StaffSessionList>('/staff-sessions/get', { method: 'POST', body, silent: true });
}

export function staffSessionsQueryOptions(body: StaffSessionQuery) {
  return queryOptions({
    queryKey: [...staffSessionsKey, 'list', body],
    queryFn: () => getStaffSessions(body),
    placeholderData: keepPreviousData,
    // Only while the tab is visible (TanStack Query pauses the interval in the background).
    refetchInterval: REFRESH_MS,
  });
}

export function useStaffSessions(body: StaffSessionQuery) {
  return useQuery(staffSessionsQueryOptions(body));
}
