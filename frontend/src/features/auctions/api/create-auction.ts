import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { auctionsKey } from '@/features/auctions/api/get-auctions';

export type AuctionCreate = components['schemas']['AuctionCreate'];
type AuctionCreated = components['schemas']['AuctionCreated'];

/**
 * POST /api/auctions/create: a draft auction and its generated events. A bad field answers 422 at that field
 * (`startDate` in the past, `repeatUntil` making more than 52 events, an inactive `location`...).
 */
export function createAuction(body: AuctionCreate): Promise<AuctionCreated> {
  return apiRequest<AuctionCreated>('/auctions/create', { method: 'POST', body });
}

export function useCreateAuctionMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createAuction, onSuccess: () => queryClient.invalidateQueries({ queryKey: auctionsKey }) });
}
