import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { auctionEventsKey } from '@/features/auctions/api/get-event';

export type UnassignedVehicle = components['schemas']['VehicleOut'];
export type UnassignedQuery = components['schemas']['VehicleQuery'];
export type UnassignedPage = components['schemas']['VehiclePage'];

/** POST /api/vehicles/get-unassigned-approved-vehicles: approved vehicles in no event, with search and the vehicle filters. */
export async function getUnassignedVehicles(body: UnassignedQuery): Promise<UnassignedPage> {
  const answer = await apiRequest<components['schemas']['VehicleList']>('/vehicles/get-unassigned-approved-vehicles', { method: 'POST', body });
  return answer.data;
}

/** Under the events' key: placing, removing, transferring or a no-sale changes this list too. */
export function unassignedVehiclesQueryOptions(body: UnassignedQuery) {
  return queryOptions({ queryKey: [...auctionEventsKey, 'unassigned', body], queryFn: () => getUnassignedVehicles(body), placeholderData: keepPreviousData });
}

export function useUnassignedVehicles(body: UnassignedQuery, enabled = true) {
  return useQuery({ ...unassignedVehiclesQueryOptions(body), enabled });
}
