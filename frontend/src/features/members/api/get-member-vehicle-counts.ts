import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

export type MemberVehicleCounts = components['schemas']['SellerCounts'];

/** GET /api/vehicles/seller-counts/{memberId} (Vehicles view): how many vehicles the member sells in each status. */
export function getMemberVehicleCounts(memberId: string): Promise<MemberVehicleCounts> {
  return apiRequest<MemberVehicleCounts>(`/vehicles/seller-counts/${encodeURIComponent(memberId)}`);
}

// Under 'vehicles': every vehicle change invalidates that key, so the counts follow a status change.
export function memberVehicleCountsQueryOptions(memberId: string) {
  return queryOptions({ queryKey: ['vehicles', 'seller-counts', memberId], queryFn: () => getMemberVehicleCounts(memberId) });
}

export function useMemberVehicleCounts(memberId: string, enabled: boolean) {
  return useQuery({ ...memberVehicleCountsQueryOptions(memberId), enabled });
}
