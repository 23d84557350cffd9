import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { locationsKey, type Location } from '@/features/locations/api/get-locations';

export type LocationCreate = components['schemas']['LocationCreate'];

/** POST /api/locations/create. */
export function createLocation(body: LocationCreate): Promise<Location> {
  return apiRequest<Location>('/locations/create', { method: 'POST', body });
}

export function useCreateLocationMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createLocation, onSuccess: () => queryClient.invalidateQueries({ queryKey: locationsKey }) });
}
