import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

export type VehicleStatus = components['schemas']['VehicleStatus'];
export type SellerVehicle = components['schemas']['VehicleOut'];
type VehicleList = components['schemas']['VehicleList'];

export interface MemberVehiclesQuery {
  seller: string;
  status: VehicleStatus;
  pageNo: number;
  limit: number;
}

/** POST /api/vehicles/get with `seller`: the vehicles a member sells, one status at a time. */
export function getMemberVehicles(body: MemberVehiclesQuery): Promise<VehicleList> {
  return apiRequest<VehicleList>('/vehicles/get', { method: 'POST', body: { ...body, sortBy: 'createdAt', sortOrder: 'desc' } });
}

export function memberVehiclesQueryOptions(body: MemberVehiclesQuery) {
  return queryOptions({ queryKey: ['vehicles', 'by-seller', body], queryFn: () => getMemberVehicles(body), placeholderData: keepPreviousData });
}

export function useMemberVehicles(body: MemberVehiclesQuery, enabled: boolean) {
  return useQuery({ ...memberVehiclesQueryOptions(body), enabled });
}
