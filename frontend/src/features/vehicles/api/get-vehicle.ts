import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { vehiclesKey, type Vehicle } from '@/features/vehicles/api/get-vehicles';

/** GET /api/vehicles/{id}: one vehicle with its seller, buyer and images. */
export function getVehicle(id: string): Promise<Vehicle> {
  return apiRequest<Vehicle>(`/vehicles/${encodeURIComponent(id)}`);
}

export function vehicleQueryOptions(id: string) {
  return queryOptions({ queryKey: [...vehiclesKey, 'detail', id], queryFn: () => getVehicle(id) });
}

export function useVehicle(id: string) {
  return useQuery(vehicleQueryOptions(id));
}
