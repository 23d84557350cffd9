import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { moneyKey } from '@/api/money-key';
import type { components } from '@/api/schema';

export type PaymentRecord = components['schemas']['PaymentRecord'];
export type PaymentMethod = components['schemas']['PaymentMethod'];
export type PaymentDone = components['schemas']['PaymentDone'];

/**
 * POST /api/payments/inbound {invoiceId, amount, paymentMethod, paymentReferenceId, paymentDateAndTime}: money
 * received against an invoice; it waits for another staff user to verify it. Shared by the invoice drawer and
 * the inbound payments screen.
 */
export function recordPayment(body: PaymentRecord): Promise<PaymentDone> {
  return apiRequest<PaymentDone>('/payments/inbound', { method: 'POST', body });
}

export function useRecordPaymentMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: recordPayment, onSuccess: () => queryClient.invalidateQueries({ queryKey: moneyKey }) });
}
