import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

export type MeResponse = components['schemas']['MeResponse'];

/** GET /api/auth/me: the signed-in user and this session. Shared by the shell, dashboard and profile. */
export function getMe(options: { silent?: boolean } = {}): Promise<MeResponse> {
  return apiRequest<MeResponse>('/auth/me', { silent: options.silent });
}

export const meQueryKey = ['auth', 'me'] as const;

export function meQueryOptions() {
  return queryOptions({ queryKey: meQueryKey, queryFn: () => getMe(), staleTime: 60_000 });
}

export function useMe() {
  return useQuery(meQueryOptions());
}
