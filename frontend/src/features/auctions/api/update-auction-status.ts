import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { auctionsKey } from '@/features/auctions/api/get-auctions';

export type AuctionStatusChange = components['schemas']['AuctionStatusChange'];
type CountsMessage = components['schemas']['AuctionCountsMessage'];

/**
 * PUT /api/auctions/status {auctionIds, status}: publish, unpublish or complete; all or nothing. A refusal (409)
 * names each blocking auction and why (no future event holding vehicles, events not completed yet...).
 */
export function updateAuctionStatus(body: AuctionStatusChange): Promise<CountsMessage> {
  return apiRequest<CountsMessage>('/auctions/status', { method: 'PUT', body });
}

/**
 * The auctions leave their list, their events follow them and the counts change: every auctions query refreshes
 * (the event pages, never shown beside a list, load afresh when opened).
 */
export function useUpdateAuctionStatusMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAuctionStatus, onSuccess: () => queryClient.invalidateQueries({ queryKey: auctionsKey }) });
}
