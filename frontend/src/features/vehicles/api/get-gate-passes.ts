import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { vehiclesKey } from '@/features/vehicles/api/get-vehicles';

/** A gate pass: Generated, Scanned, Picked Up (with its driver) or Canceled; valid 48 hours. */
export type GatePass = components['schemas']['GatePassOut'];
type GatePassList = components['schemas']['GatePassList'];

/** GET /api/gate-passes/vehicle/{vehicleId}: every pass of the vehicle, newest first. */
export async function getGatePasses(vehicleId: string): Promise<GatePass[]> {
  const answer = await apiRequest<GatePassList>(`/gate-passes/vehicle/${encodeURIComponent(vehicleId)}`);
  return answer.data;
}

/** Under the vehicles key, so that every vehicle change (a pass issued or cancelled, a release) refreshes it. */
export function gatePassesQueryOptions(vehicleId: string) {
  return queryOptions({ queryKey: [...vehiclesKey, 'gate-passes', vehicleId], queryFn: () => getGatePasses(vehicleId) });
}

export function useGatePasses(vehicleId: string) {
  return useQuery(gatePassesQueryOptions(vehicleId));
}
