import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { vehiclesKey } from '@/features/vehicles/api/get-vehicles';

type StatusResult = components['schemas']['StatusResult'];

/** `reason` is required to reject or cancel (3 to 500 characters; 422 at the field `reason` otherwise). */
type StatusChangeVariables = components['schemas']['VehicleStatusChange'];

/**
 * PUT /api/vehicles/update-status {ids, status, reason?}: all or nothing. An answer with success false is a
 * failure too (SPEC.md section 8): it is rejected with its first error, else its message. Vehicles already in
 * that status are left alone, so sending the same change twice is harmless.
 */
export async function updateVehicleStatus(body: StatusChangeVariables): Promise<StatusResult> {
  const answer = await apiRequest<StatusResult>('/vehicles/update-status', { method: 'PUT', body });
  if (!answer.success) throw new Error(answer.errors[0]?.message ?? answer.message);
  return answer;
}

export function useUpdateVehicleStatusMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateVehicleStatus, onSuccess: () => queryClient.invalidateQueries({ queryKey: vehiclesKey }) });
}
