import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { moneyKey } from '@/api/money-key';
import type { components } from '@/api/schema';

export type InvoicePayment = components['schemas']['PaymentOut'];

/** POST /api/payment/get-payments {invoiceId}: the payments recorded against one invoice (at most 100, newest first). */
export async function getInvoicePayments(invoiceId: string): Promise<InvoicePayment[]> {
  const answer = await apiRequest<components['schemas']['PaymentList']>('/payment/get-payments', {
    method: 'POST',
    body: { invoiceId, pageNo: 1, limit: 100 },
  });
  return answer.data;
}

export function invoicePaymentsQueryOptions(invoiceId: string) {
  return queryOptions({ queryKey: [...moneyKey, 'payments', 'of-invoice', invoiceId], queryFn: () => getInvoicePayments(invoiceId) });
}

export function useInvoicePayments(invoiceId: string | undefined, enabled: boolean) {
  return useQuery({ ...invoicePaymentsQueryOptions(invoiceId ?? ''), enabled: enabled && invoiceId !== undefined });
}
