import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { locationsKey, type Location } from '@/features/locations/api/get-locations';

export type LocationUpdate = components['schemas']['LocationUpdate'];

interface UpdateLocationVariables {
  id: string;
  body: LocationUpdate;
}

/** PUT /api/locations/update/{id}: the id in the path, no status (SPEC.md section 5). */
export function updateLocation({ id, body }: UpdateLocationVariables): Promise<Location> {
  return apiRequest<Location>(`/locations/update/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export function useUpdateLocationMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateLocation, onSuccess: () => queryClient.invalidateQueries({ queryKey: locationsKey }) });
}
