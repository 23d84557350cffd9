import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

export type OutboundCompletion = components['schemas']['OutboundCompletion'];
type PaymentDone = components['schemas']['PaymentDone'];

/**
 * PUT /api/payments/{id}/complete {paymentMethod, paymentReferenceId, paymentDateAndTime}: the payout or refund was
 * paid. Never twice, never by whoever verified the buyer's payment (payouts) or requested it (refunds): 409 saying so.
 */
export function completeOutbound({ id, body }: { id: string; body: OutboundCompletion }): Promise<PaymentDone> {
  return apiRequest<PaymentDone>(`/payments/${encodeURIComponent(id)}/complete`, { method: 'PUT', body });
}
