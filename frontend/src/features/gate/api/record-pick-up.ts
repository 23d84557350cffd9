import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import type { GateAnswer } from '@/features/gate/api/scan-gate-pass';

export type GatePickUp = components['schemas']['GatePickUp'];

/**
 * POST /api/gate/pick-up {token, driverName, driverEmiratesId}: the vehicle leaves with this driver; the pass is
 * used and the vehicle is Picked Up and released, in one transaction. `token` names the pass (the screen sends the
 * gate code of the pass it showed). 422 names the field that is wrong; 409 says why the pass no longer lets the
 * vehicle out. The release moves the vehicle lists, their counts, the dashboard and the yard figures, which other
 * features cache: a pick-up marks every cached answer stale, so that each screen reads afresh when it opens.
 */
export function recordPickUp(body: GatePickUp): Promise<GateAnswer> {
  return apiRequest<GateAnswer>('/gate/pick-up', { method: 'POST', body });
}

export function useRecordPickUpMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: recordPickUp, onSuccess: () => queryClient.invalidateQueries() });
}
