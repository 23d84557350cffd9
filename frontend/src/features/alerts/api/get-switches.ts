import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { alertsKey } from '@/features/alerts/api/alerts-key';

export type SwitchList = components['schemas']['SwitchList'];
export type Switch = components['schemas']['SwitchOut'];

/** GET /api/alerts/switches: whether each event sends on each channel. */
export function getSwitches(): Promise<SwitchList> {
  return apiRequest<SwitchList>('/alerts/switches');
}

export function switchesQueryOptions() {
  return queryOptions({ queryKey: [...alertsKey, 'switches'], queryFn: getSwitches });
}

export function useSwitches() {
  return useQuery(switchesQueryOptions());
}
