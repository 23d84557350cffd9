import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { chargesKey } from '@/features/charges/api/get-charges';

export type ChargeStatusChange = components['schemas']['ChargeStatusChange'];
type ChargeCountsMessage = components['schemas']['ChargeCountsMessage'];

/** PUT /api/charge/update-charge-status {ids, isActive}: one row's switch or the bulk action. */
export function updateChargeStatus(body: ChargeStatusChange): Promise<ChargeCountsMessage> {
  return apiRequest<ChargeCountsMessage>('/charge/update-charge-status', { method: 'PUT', body });
}

export function useUpdateChargeStatusMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateChargeStatus, onSuccess: () => queryClient.invalidateQueries({ queryKey: chargesKey }) });
}
