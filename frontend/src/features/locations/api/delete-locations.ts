import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { locationsKey } from '@/features/locations/api/get-locations';

type LocationCountsMessage = components['schemas']['LocationCountsMessage'];

/** DELETE /api/locations/delete {ids}. */
export function deleteLocations(ids: string[]): Promise<LocationCountsMessage> {
  return apiRequest<LocationCountsMessage>('/locations/delete', { method: 'DELETE', body: { ids } });
}

export function useDeleteLocationsMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteLocations, onSuccess: () => queryClient.invalidateQueries({ queryKey: locationsKey }) });
}
