import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

type PaymentDone = components['schemas']['PaymentDone'];

/** PUT /api/payments/{id}/reject {reason}: the recorded money did not arrive; never by the person who recorded it. */
export function rejectPayment({ id, reason }: { id: string; reason: string }): Promise<PaymentDone> {
  return apiRequest<PaymentDone>(`/payments/${encodeURIComponent(id)}/reject`, { method: 'PUT', body: { reason } });
}
