import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

export type VehicleQuery = components['schemas']['VehicleQuery'];
export type VehiclePage = components['schemas']['VehiclePage'];
export type VehicleCounts = components['schemas']['VehicleCounts'];
export type Vehicle = components['schemas']['VehicleOut'];
export type VehicleStatus = components['schemas']['VehicleStatus'];

/** Every query of this feature starts with this key; mutations invalidate it, so lists and counts refresh. */
export const vehiclesKey = ['vehicles'] as const;

/** POST /api/vehicles/get: one page of a status list with search and filters, and every count. */
export async function getVehicles(body: VehicleQuery): Promise<VehiclePage> {
  const answer = await apiRequest<components['schemas']['VehicleList']>('/vehicles/get', { method: 'POST', body });
  return answer.data;
}

export function vehiclesQueryOptions(body: VehicleQuery) {
  return queryOptions({ queryKey: [...vehiclesKey, 'list', body], queryFn: () => getVehicles(body), placeholderData: keepPreviousData });
}

export function useVehicles(body: VehicleQuery) {
  return useQuery(vehiclesQueryOptions(body));
}
