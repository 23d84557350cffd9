import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { moneyKey } from '@/api/money-key';
import type { components } from '@/api/schema';

export type DefaultCancelled = components['schemas']['DefaultCancelled'];

/**
 * PUT /api/invoices/{id}/cancel-default {reason}: cancels a sale whose buyer defaulted: a credit note, the vehicle
 * back among the approved vehicles, the penalty taken from the buyer's deposit (Payments updateStatus).
 */
export function cancelForDefault({ id, reason }: { id: string; reason: string }): Promise<DefaultCancelled> {
  return apiRequest<DefaultCancelled>(`/invoices/${encodeURIComponent(id)}/cancel-default`, { method: 'PUT', body: { reason } });
}

export function useCancelForDefaultMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelForDefault, onSuccess: () => queryClient.invalidateQueries({ queryKey: moneyKey }) });
}
