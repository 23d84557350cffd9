import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { GatePass } from '@/features/vehicles/api/get-gate-passes';
import { vehiclesKey } from '@/features/vehicles/api/get-vehicles';

/** PUT /api/gate-passes/{id}/cancel: a pass that was not used stops working at the gate. */
export function cancelGatePass(id: string): Promise<GatePass> {
  return apiRequest<GatePass>(`/gate-passes/${encodeURIComponent(id)}/cancel`, { method: 'PUT' });
}

export function useCancelGatePassMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelGatePass, onSuccess: () => queryClient.invalidateQueries({ queryKey: vehiclesKey }) });
}
