import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { moneyKey } from '@/api/money-key';
import type { components } from '@/api/schema';
import { membersKey } from '@/features/members/api/get-members';

export type RefundRequest = components['schemas']['RefundRequest'];
export type RefundKind = components['schemas']['RefundKind'];
export type RefundMethod = components['schemas']['OutboundMethod'];
export type RefundRequested = components['schemas']['PaymentDone'];

/**
 * POST /api/payments/refunds {memberId, refundKind, refundedAmount, refundMethod, refundReason, invoiceId}: a
 * refund to the member, Pending until another staff user completes it (Payments add).
 */
export function requestRefund(body: RefundRequest): Promise<RefundRequested> {
  return apiRequest<RefundRequested>('/payments/refunds', { method: 'POST', body });
}

/** Money moved (the ledger, the deposit held) and so did the member's buying power on their page. */
export function useRequestRefundMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestRefund,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: moneyKey }), queryClient.invalidateQueries({ queryKey: membersKey })]),
  });
}
