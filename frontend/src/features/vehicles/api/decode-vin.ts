import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

export type VinDecoded = components['schemas']['VinDecoded'];

/** POST /api/vehicles/decode-vin: valid or why not, the make and year it suggests, already used or not. */
export function decodeVin(vinNumber: string, signal?: AbortSignal): Promise<VinDecoded> {
  return apiRequest<VinDecoded>('/vehicles/decode-vin', { method: 'POST', body: { vinNumber }, silent: true, signal });
}
