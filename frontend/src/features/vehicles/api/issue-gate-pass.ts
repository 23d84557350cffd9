import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { moneyKey } from '@/api/money-key';
import type { components } from '@/api/schema';
import { vehiclesKey } from '@/features/vehicles/api/get-vehicles';

type GatePassIssued = components['schemas']['GatePassIssued'];
export type GatePassIssue = components['schemas']['GatePassIssue'];

/**
 * POST /api/gate-passes/issue {vehicleId, replaces}: a pass for a vehicle whose invoice is paid (storage to the
 * day included; otherwise 409 saying what is owed). A vehicle has one live pass: a new one names the pass it
 * replaces (cancelled with it), else 409 (a second click, or a request racing this one). It answers the token its
 * QR code carries and its short gate code.
 */
export function issueGatePass(body: GatePassIssue): Promise<GatePassIssued> {
  return apiRequest<GatePassIssued>('/gate-passes/issue', { method: 'POST', body });
}

export function useIssueGatePassMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueGatePass,
    // The vehicle's gate pass step changes, and the invoice may gain the storage days up to today. A refusal
    // (a live pass issued meanwhile) also reloads the passes, so that the one in force shows.
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: vehiclesKey }), queryClient.invalidateQueries({ queryKey: moneyKey })]),
  });
}
