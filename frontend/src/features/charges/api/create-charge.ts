import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { chargesKey, type Charge } from '@/features/charges/api/get-charges';

export type ChargeCreate = components['schemas']['ChargeCreate'];

/** POST /api/charge/create. */
export function createCharge(body: ChargeCreate): Promise<Charge> {
  return apiRequest<Charge>('/charge/create', { method: 'POST', body });
}

export function useCreateChargeMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCharge, onSuccess: () => queryClient.invalidateQueries({ queryKey: chargesKey }) });
}
