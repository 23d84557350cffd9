import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { moneyKey } from '@/api/money-key';
import type { components } from '@/api/schema';

export type PaymentQuery = Partial<components['schemas']['PaymentQuery']>;
export type PaymentList = components['schemas']['PaymentList'];
export type Payment = components['schemas']['PaymentOut'];
/** The states of an inbound payment (outbound ones are Pending, Completed or Canceled). */
export type Confirmation = Extract<components['schemas']['PaymentStatus'], 'Pending' | 'Verified' | 'Rejected'>;

/** Every payment query starts with this key (under the money key that every money change invalidates). */
export const paymentsKey = [...moneyKey, 'payments'] as const;

/** POST /api/payment/get-payments: a page of inbound payments, newest first, with the count and AED sum per confirmation. */
export function getPayments(body: PaymentQuery): Promise<PaymentList> {
  return apiRequest<PaymentList>('/payment/get-payments', { method: 'POST', body: { direction: 'inbound', ...body } });
}

export function paymentsQueryOptions(body: PaymentQuery) {
  return queryOptions({ queryKey: [...paymentsKey, 'list', body], queryFn: () => getPayments(body), placeholderData: keepPreviousData });
}

export function usePayments(body: PaymentQuery) {
  return useQuery(paymentsQueryOptions(body));
}
