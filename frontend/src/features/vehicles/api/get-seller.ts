import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { Seller } from '@/features/vehicles/api/get-sellers';

/** GET /api/members/{id}: the seller a list filter names in its URL, so the picker can show their name. */
export function getSeller(id: string): Promise<Seller> {
  return apiRequest<Seller>(`/members/${encodeURIComponent(id)}`, { silent: true });
}

export function sellerQueryOptions(id: string) {
  return queryOptions({ queryKey: ['vehicles', 'seller', id], queryFn: () => getSeller(id), staleTime: 60_000 });
}

/** The seller with this id, asked for only when `id` is given. */
export function useSeller(id: string | undefined) {
  return useQuery({ ...sellerQueryOptions(id ?? ''), enabled: id !== undefined });
}
