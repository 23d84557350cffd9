import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

/**
 * Who may take which vehicle, or why not (`reason`: forged, notFound, noPass, cancelled, pickedUp, expired,
 * notPaid, released), with the vehicle's colour and main photo to match the car.
 */
export type GateAnswer = components['schemas']['GateAnswer'];

/**
 * POST /api/gate/scan {token}: checks what the guard scanned or typed: the QR code's token, the pass's short gate
 * code (any case, with or without a dash), a lot number or a VIN (the vehicle's live pass). A gate code with a
 * wrong check character is a 422 naming `token`. The server audits every scan, and the first allowed one marks the
 * pass Scanned, so this is a mutation, never a cached query.
 */
export function scanGatePass(token: string): Promise<GateAnswer> {
  return apiRequest<GateAnswer>('/gate/scan', { method: 'POST', body: { token } });
}

export function useScanGatePassMutation() {
  return useMutation({ mutationFn: scanGatePass });
}
