import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

type PaymentDone = components['schemas']['PaymentDone'];

/** PUT /api/payments/{id}/cancel {reason}: a pending payout (issued again as a new one) or refund will not be paid. */
export function cancelOutbound({ id, reason }: { id: string; reason: string }): Promise<PaymentDone> {
  return apiRequest<PaymentDone>(`/payments/${encodeURIComponent(id)}/cancel`, { method: 'PUT', body: { reason } });
}
