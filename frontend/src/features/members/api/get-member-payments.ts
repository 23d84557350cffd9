import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { moneyKey } from '@/api/money-key';
import type { components } from '@/api/schema';

/** A payment of the member, with its invoice and vehicle and its confirmation. */
export type MemberPayment = components['schemas']['PaymentOut'];
export type MemberPaymentList = components['schemas']['PaymentList'];

/** POST /api/payment/get-payments {memberId}: one page of the member's payments, newest first. */
export function getMemberPayments(memberId: string, pageNo: number, limit: number): Promise<MemberPaymentList> {
  return apiRequest<MemberPaymentList>('/payment/get-payments', { method: 'POST', body: { direction: 'inbound', memberId, pageNo, limit } });
}

export function memberPaymentsQueryOptions(memberId: string, pageNo: number, limit: number) {
  return queryOptions({
    queryKey: [...moneyKey, 'member-payments', memberId, pageNo, limit],
    queryFn: () => getMemberPayments(memberId, pageNo, limit),
    placeholderData: keepPreviousData,
  });
}

/** `enabled` false for a role that may not view payments (the server would answer 403). */
export function useMemberPayments(memberId: string, pageNo: number, limit: number, enabled: boolean) {
  return useQuery({ ...memberPaymentsQueryOptions(memberId, pageNo, limit), enabled });
}
