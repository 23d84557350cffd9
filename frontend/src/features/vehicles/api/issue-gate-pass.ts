import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { moneyKey } from '@/api/money-key';
import type { components } from '@/api/schema';
import { vehiclesKey } from '@/features/vehicles/api/get-vehicles';

type GatePassIssued = components['schemas']['GatePassIssued'];

/**
 * POST /api/gate-passes/issue {vehicleId}: a pass for a vehicle whose invoice is paid (storage to the day
 * included; otherwise 409 saying what is owed). It cancels the vehicle's earlier pass, and answers the token its
 * QR code carries.
 */
export function issueGatePass(vehicleId: string): Promise<GatePassIssued> {
  return apiRequest<GatePassIssued>('/gate-passes/issue', { method: 'POST', body: { vehicleId } });
}

export function useIssueGatePassMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueGatePass,
    // The vehicle's gate pass step changes, and the invoice may gain the storage days up to today.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: vehiclesKey }), queryClient.invalidateQueries({ queryKey: moneyKey })]),
  });
}
