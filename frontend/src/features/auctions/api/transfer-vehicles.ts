import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import type { EventChanged } from '@/features/auctions/api/add-vehicles';
import { invalidateEventChanges } from '@/features/auctions/api/get-event';

type TransferSchema = components['schemas']['TransferVehicles'];
export type TransferPlacement = components['schemas']['TransferPlacement'];
/** `placement` may be left out: the server takes 'chosen' (each vehicle's lane, or the emptiest). */
export type TransferVehiclesBody = Omit<TransferSchema, 'placement'> & Partial<Pick<TransferSchema, 'placement'>>;

/**
 * PUT /api/auction-event/transfer-vehicle {sourceEventId, targetEventId, vehicles, placement?}: vehicles without a result
 * move to the end of a lane of another open event (of any auction), with new run numbers there: the lane each vehicle
 * names, or the emptiest; with placement 'keep' (the vehicles then name no lane), the lane of the same letter, in the
 * order they run in the source event (422 naming the lane when the target has no such lane). Answers the target event.
 */
export function transferVehicles(body: TransferVehiclesBody): Promise<EventChanged> {
  return apiRequest<EventChanged>('/auction-event/transfer-vehicle', { method: 'PUT', body });
}

export function useTransferVehiclesMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: transferVehicles, onSuccess: () => invalidateEventChanges(queryClient) });
}
