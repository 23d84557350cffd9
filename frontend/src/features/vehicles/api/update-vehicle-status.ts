import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { vehiclesKey, type VehicleStatus } from '@/features/vehicles/api/get-vehicles';

type StatusResult = components['schemas']['StatusResult'];

interface StatusChangeVariables {
  ids: string[];
  status: VehicleStatus;
}

/**
 * PUT /api/vehicles/update-status {ids, status}: all or nothing. An answer with success false is a failure too
 * (SPEC.md section 8): it is rejected with its first error, else its message.
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
