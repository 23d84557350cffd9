import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { vehiclesKey } from '@/features/vehicles/api/get-vehicles';

export type VehicleCreate = components['schemas']['VehicleCreate'];
type VehicleCreated = components['schemas']['VehicleCreated'];

/** POST /api/vehicles/create: a vehicle for an approved seller; it starts pending with the next lot number. */
export function createVehicle(body: VehicleCreate): Promise<VehicleCreated> {
  return apiRequest<VehicleCreated>('/vehicles/create', { method: 'POST', body });
}

export function useCreateVehicleMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createVehicle, onSuccess: () => queryClient.invalidateQueries({ queryKey: vehiclesKey }) });
}
