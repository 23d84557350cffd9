import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

type PaymentDone = components['schemas']['PaymentDone'];

/** PUT /api/payments/{id}/verify: the money arrived; never by the person who recorded it (409 saying so). */
export function verifyPayment(id: string): Promise<PaymentDone> {
  return apiRequest<PaymentDone>(`/payments/${encodeURIComponent(id)}/verify`, { method: 'PUT' });
}
