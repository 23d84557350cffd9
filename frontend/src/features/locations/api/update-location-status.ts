import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { locationsKey } from '@/features/locations/api/get-locations';

export type LocationStatusChange = components['schemas']['LocationStatusChange'];
type LocationCountsMessage = components['schemas']['LocationCountsMessage'];

/** PUT /api/locations/update-status {ids, status}. */
export function updateLocationStatus(body: LocationStatusChange): Promise<LocationCountsMessage> {
  return apiRequest<LocationCountsMessage>('/locations/update-status', { method: 'PUT', body });
}

export function useUpdateLocationStatusMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateLocationStatus, onSuccess: () => queryClient.invalidateQueries({ queryKey: locationsKey }) });
}
