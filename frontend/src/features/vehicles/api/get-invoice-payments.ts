import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { moneyKey } from '@/api/money-key';
import type { components } from '@/api/schema';

/** A payment as POST /api/payment/get-payments answers it, with its invoice, buyer and vehicle. */
export type InvoicePayment = components['schemas']['PaymentOut'];
type PaymentList = components['schemas']['PaymentList'];

/** The payments of one invoice, however many were recorded, rejected and recorded again, fit one page. */
const PAYMENTS_LIMIT = 100;

/** POST /api/payment/get-payments {invoiceId}: the payments recorded against one invoice, newest first. */
export async function getInvoicePayments(invoiceId: string): Promise<InvoicePayment[]> {
  const answer = await apiRequest<PaymentList>('/payment/get-payments', { method: 'POST', body: { direction: 'inbound', invoiceId, pageNo: 1, limit: PAYMENTS_LIMIT } });
  return answer.data;
}

export function invoicePaymentsQueryOptions(invoiceId: string) {
  return queryOptions({ queryKey: [...moneyKey, 'invoice-payments', invoiceId], queryFn: () => getInvoicePayments(invoiceId) });
}

export function useInvoicePayments(invoiceId: string) {
  return useQuery(invoicePaymentsQueryOptions(invoiceId));
}
