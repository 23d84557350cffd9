import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { EventChanged } from '@/features/auctions/api/add-vehicles';
import { invalidateEventChanges } from '@/features/auctions/api/get-event';

/** PUT /api/auction-event/complete/{eventId}: closes the event once every vehicle has a result (409 naming the lots otherwise); the last event closes its auction. */
export function completeEvent(eventId: string): Promise<EventChanged> {
  return apiRequest<EventChanged>(`/auction-event/complete/${encodeURIComponent(eventId)}`, { method: 'PUT' });
}

export function useCompleteEventMutation(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => completeEvent(eventId), onSuccess: () => invalidateEventChanges(queryClient) });
}
