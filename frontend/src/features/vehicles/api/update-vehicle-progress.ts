import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { vehiclesKey, type Vehicle } from '@/features/vehicles/api/get-vehicles';

export type ProgressChange = components['schemas']['ProgressChange'];

interface ProgressVariables {
  id: string;
  change: ProgressChange;
}

/** PUT /api/vehicles/update-vehicle-status/{vehicleId}: received, delivered, inspection, returned, paid, gate pass, released. */
export function updateVehicleProgress({ id, change }: ProgressVariables): Promise<Vehicle> {
  return apiRequest<Vehicle>(`/vehicles/update-vehicle-status/${encodeURIComponent(id)}`, { method: 'PUT', body: change });
}

export function useUpdateVehicleProgressMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateVehicleProgress, onSuccess: () => queryClient.invalidateQueries({ queryKey: vehiclesKey }) });
}
