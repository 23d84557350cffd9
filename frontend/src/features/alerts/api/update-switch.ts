import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { alertsKey } from '@/features/alerts/api/alerts-key';
import type { Switch } from '@/features/alerts/api/get-switches';

export type SwitchChange = components['schemas']['SwitchChange'];

/** PUT /api/alerts/switches {event, channel, enabled}: an event on or off on one channel. */
export function updateSwitch(body: SwitchChange): Promise<Switch> {
  return apiRequest<Switch>('/alerts/switches', { method: 'PUT', body });
}

export function useUpdateSwitchMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateSwitch, onSettled: () => queryClient.invalidateQueries({ queryKey: [...alertsKey, 'switches'] }) });
}
