import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

/** Who may take which vehicle, or why not (`reason`: forged, cancelled, pickedUp, expired, notPaid, released). */
export type GateAnswer = components['schemas']['GateAnswer'];

/**
 * POST /api/gate/scan {token}: checks a gate pass's code. The server audits every scan, and the first allowed one
 * marks the pass Scanned, so this is a mutation, never a cached query.
 */
export function scanGatePass(token: string): Promise<GateAnswer> {
  return apiRequest<GateAnswer>('/gate/scan', { method: 'POST', body: { token } });
}

export function useScanGatePassMutation() {
  return useMutation({ mutationFn: scanGatePass });
}
