import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { chargesKey, type Charge } from '@/features/charges/api/get-charges';

export type ChargeFields = components['schemas']['ChargeFields'];

interface UpdateChargeVariables {
  id: string;
  body: ChargeFields;
}

/** PUT /api/charge/update/{id}. */
export function updateCharge({ id, body }: UpdateChargeVariables): Promise<Charge> {
  return apiRequest<Charge>(`/charge/update/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export function useUpdateChargeMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateCharge, onSuccess: () => queryClient.invalidateQueries({ queryKey: chargesKey }) });
}
