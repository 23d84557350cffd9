import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { vehiclesKey, type Vehicle } from '@/features/vehicles/api/get-vehicles';

export type VehicleUpdate = components['schemas']['VehicleUpdate'];

interface UpdateVehicleVariables {
  id: string;
  body: VehicleUpdate;
}

/** PUT /api/vehicles/{id}: every field but the status (SPEC.md section 5). */
export function updateVehicle({ id, body }: UpdateVehicleVariables): Promise<Vehicle> {
  return apiRequest<Vehicle>(`/vehicles/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export function useUpdateVehicleMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateVehicle, onSuccess: () => queryClient.invalidateQueries({ queryKey: vehiclesKey }) });
}
