import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { invalidateEventChanges } from '@/features/auctions/api/get-event';

export type EventChanged = components['schemas']['EventChanged'];
export type VehiclePlacement = components['schemas']['VehiclePlacement'];

/**
 * POST /api/auction-event/add-vehicle/{eventId} {vehicles: [{vehicleId, lane}]}: approved vehicles in no event join the end
 * of a lane (without `lane`, the lane with the fewest vehicles). A vehicle already placed answers 409 naming it.
 */
export function addVehicles(eventId: string, vehicles: VehiclePlacement[]): Promise<EventChanged> {
  return apiRequest<EventChanged>(`/auction-event/add-vehicle/${encodeURIComponent(eventId)}`, { method: 'POST', body: { vehicles } });
}

export function useAddVehiclesMutation(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vehicles: VehiclePlacement[]) => addVehicles(eventId, vehicles),
    onSuccess: () => invalidateEventChanges(queryClient),
  });
}
