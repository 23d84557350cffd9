import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { vehiclesKey } from '@/features/vehicles/api/get-vehicles';

type SuccessMessage = components['schemas']['SuccessMessage'];

/** DELETE /api/vehicles {vehiclesIds}: pending and rejected vehicles only, all or nothing. */
export async function deleteVehicles(vehiclesIds: string[]): Promise<SuccessMessage> {
  const answer = await apiRequest<SuccessMessage>('/vehicles', { method: 'DELETE', body: { vehiclesIds } });
  if (!answer.success) throw new Error(answer.message);
  return answer;
}

export function useDeleteVehiclesMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteVehicles, onSuccess: () => queryClient.invalidateQueries({ queryKey: vehiclesKey }) });
}
