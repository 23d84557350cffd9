import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { vehiclesKey } from '@/features/vehicles/api/get-vehicles';

/** One run of the vehicle: auction, event, sale day, lane letter, run number and result (`sold`, `notSold` or none yet). */
export type VehicleRun = components['schemas']['HistoryEntry'];
type AuctionHistory = components['schemas']['AuctionHistory'];

/** GET /api/auction-event/vehicle-history/{vehicleId}: every run of the vehicle, newest event first. */
export function getVehicleAuctionHistory(vehicleId: string): Promise<AuctionHistory> {
  return apiRequest<AuctionHistory>(`/auction-event/vehicle-history/${encodeURIComponent(vehicleId)}`);
}

/** Under the vehicles key, so that every vehicle change refreshes it with the vehicle. */
export function vehicleAuctionHistoryQueryOptions(vehicleId: string) {
  return queryOptions({ queryKey: [...vehiclesKey, 'auction-history', vehicleId], queryFn: () => getVehicleAuctionHistory(vehicleId) });
}

export function useVehicleAuctionHistory(vehicleId: string) {
  return useQuery(vehicleAuctionHistoryQueryOptions(vehicleId));
}
