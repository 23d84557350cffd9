import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { moneyKey } from '@/api/money-key';
import type { components } from '@/api/schema';

/** What the member still owes and what can be refunded to them, with the server's verdict and reason for each kind. */
export type Refundable = components['schemas']['Refundable'];

/** GET /api/members/{id}/refundable (Payments view): the figures a refund request is checked against. */
export function getMemberRefundable(memberId: string): Promise<Refundable> {
  return apiRequest<Refundable>(`/members/${encodeURIComponent(memberId)}/refundable`);
}

/** Under the money key: a payment verified, a storage day charged or a refund requested all change it. */
export function memberRefundableQueryOptions(memberId: string) {
  return queryOptions({ queryKey: [...moneyKey, 'member-refundable', memberId], queryFn: () => getMemberRefundable(memberId) });
}

/** `enabled` false for a role that may not view payments (the server would answer 403). */
export function useMemberRefundable(memberId: string, enabled: boolean) {
  return useQuery({ ...memberRefundableQueryOptions(memberId), enabled });
}
