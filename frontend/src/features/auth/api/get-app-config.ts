import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

export type AppConfig = components['schemas']['AppConfig'];

/** GET /api/app-config (public): the inactivity and session durations. */
export function getAppConfig(): Promise<AppConfig> {
  return apiRequest<AppConfig>('/app-config', { auth: false });
}

export function appConfigQueryOptions() {
  return queryOptions({ queryKey: ['app-config'], queryFn: getAppConfig, staleTime: Infinity });
}

export function useAppConfig() {
  return useQuery(appConfigQueryOptions());
}
