import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { EventChanged } from '@/features/auctions/api/add-vehicles';
import { invalidateEventChanges } from '@/features/auctions/api/get-event';

/** POST /api/auction-event/remove-vehicle/{eventId} {vehicles: [{vehicleId}]}: back to the unassigned approved vehicles; never once a result is recorded (409). */
export function removeVehicles(eventId: string, vehicleIds: string[]): Promise<EventChanged> {
  return apiRequest<EventChanged>(`/auction-event/remove-vehicle/${encodeURIComponent(eventId)}`, {
    method: 'POST',
    body: { vehicles: vehicleIds.map((vehicleId) => ({ vehicleId })) },
  });
}

export function useRemoveVehiclesMutation(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vehicleIds: string[]) => removeVehicles(eventId, vehicleIds),
    onSuccess: () => invalidateEventChanges(queryClient),
  });
}
