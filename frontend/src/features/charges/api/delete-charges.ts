import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { chargesKey } from '@/features/charges/api/get-charges';

type ChargeCountsMessage = components['schemas']['ChargeCountsMessage'];

/** DELETE /api/charge/delete {ids}. */
export function deleteCharges(ids: string[]): Promise<ChargeCountsMessage> {
  return apiRequest<ChargeCountsMessage>('/charge/delete', { method: 'DELETE', body: { ids } });
}

export function useDeleteChargesMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCharges, onSuccess: () => queryClient.invalidateQueries({ queryKey: chargesKey }) });
}
