import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { moneyKey } from '@/api/money-key';
import type { components } from '@/api/schema';

export type OutboundQuery = Omit<Partial<components['schemas']['PaymentQuery']>, 'direction' | 'confirmation'>;
export type OutboundList = components['schemas']['PaymentList'];
export type OutboundPayment = components['schemas']['PaymentOut'];
export type OutboundStatus = Extract<components['schemas']['PaymentStatus'], 'Pending' | 'Completed' | 'Canceled'>;
export type OutboundKind = components['schemas']['OutboundKind'];
export type OutboundMethod = components['schemas']['OutboundMethod'];
export type StatusTotal = components['schemas']['StatusTotal'];

/** Every outbound query starts with this key (under the money key that every money change invalidates). */
export const outboundKey = [...moneyKey, 'outbound-payments'] as const;

/**
 * POST /api/payment/get-payments {direction: outbound}: a page of payouts and refunds, newest first, with the count
 * and AED sum per status (together and per kind) and what was completed this Dubai month.
 */
export function getOutboundPayments(body: OutboundQuery): Promise<OutboundList> {
  return apiRequest<OutboundList>('/payment/get-payments', { method: 'POST', body: { direction: 'outbound', ...body } });
}

export function outboundPaymentsQueryOptions(body: OutboundQuery) {
  return queryOptions({ queryKey: [...outboundKey, 'list', body], queryFn: () => getOutboundPayments(body), placeholderData: keepPreviousData });
}

export function useOutboundPayments(body: OutboundQuery) {
  return useQuery(outboundPaymentsQueryOptions(body));
}
