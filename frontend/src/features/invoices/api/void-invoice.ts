import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { moneyKey } from '@/api/money-key';
import type { components } from '@/api/schema';

export type InvoiceVoided = components['schemas']['InvoiceVoided'];

/** PUT /api/invoices/{id}/void {reason}: cancels an invoice without payments by a credit note of its lines. */
export function voidInvoice({ id, reason }: { id: string; reason: string }): Promise<InvoiceVoided> {
  return apiRequest<InvoiceVoided>(`/invoices/${encodeURIComponent(id)}/void`, { method: 'PUT', body: { reason } });
}

export function useVoidInvoiceMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: voidInvoice, onSuccess: () => queryClient.invalidateQueries({ queryKey: moneyKey }) });
}
