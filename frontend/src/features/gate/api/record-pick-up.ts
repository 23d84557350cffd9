import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import type { GateAnswer } from '@/features/gate/api/scan-gate-pass';

export type GatePickUp = components['schemas']['GatePickUp'];

/**
 * POST /api/gate/pick-up {token, driverName, driverEmiratesId}: the vehicle leaves with this driver; the pass is
 * used and the vehicle is Picked Up. 422 names the field that is wrong; 409 says why the pass no longer lets the
 * vehicle out. The gate screen caches no vehicle: the vehicle screens read it afresh when they open.
 */
export function recordPickUp(body: GatePickUp): Promise<GateAnswer> {
  return apiRequest<GateAnswer>('/gate/pick-up', { method: 'POST', body });
}

export function useRecordPickUpMutation() {
  return useMutation({ mutationFn: recordPickUp });
}
