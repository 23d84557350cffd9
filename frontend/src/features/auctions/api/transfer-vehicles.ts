import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import type { EventChanged } from '@/features/auctions/api/add-vehicles';
import { invalidateEventChanges } from '@/features/auctions/api/get-event';

export type TransferVehiclesBody = components['schemas']['TransferVehicles'];

/**
 * PUT /api/auction-event/transfer-vehicle {sourceEventId, targetEventId, vehicles}: vehicles without a result move to the
 * end of a lane of another open event (of any auction), with new run numbers there. Answers the target event.
 */
export function transferVehicles(body: TransferVehiclesBody): Promise<EventChanged> {
  return apiRequest<EventChanged>('/auction-event/transfer-vehicle', { method: 'PUT', body });
}

export function useTransferVehiclesMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: transferVehicles, onSuccess: () => invalidateEventChanges(queryClient) });
}
