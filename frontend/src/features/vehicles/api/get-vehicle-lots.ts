import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { VehicleLots } from '@/api/lot-types';
import { lotsKey } from '@/api/lots';

/** GET /api/vehicles/{vehicleId}/lots: every lot of the vehicle (each run in a lane) with its bid log and maxima (Auctions view). */
export function getVehicleLots(vehicleId: string): Promise<VehicleLots> {
  return apiRequest<VehicleLots>(`/vehicles/${encodeURIComponent(vehicleId)}/lots`);
}

/** Under the lots' key, so that a bid, a withdrawal or an answer on approval reads it again. */
export function vehicleLotsQueryOptions(vehicleId: string) {
  return queryOptions({ queryKey: [...lotsKey, 'vehicle', vehicleId], queryFn: () => getVehicleLots(vehicleId) });
}

export function useVehicleLots(vehicleId: string, enabled: boolean) {
  return useQuery({ ...vehicleLotsQueryOptions(vehicleId), enabled });
}
