import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { auctionsKey } from '@/features/auctions/api/get-auctions';

type CountsMessage = components['schemas']['AuctionCountsMessage'];

/**
 * DELETE /api/auctions/delete {auctionIds}: only auctions never published and without results, all or nothing;
 * their vehicles return to the unassigned approved vehicles.
 */
export function deleteAuctions(auctionIds: string[]): Promise<CountsMessage> {
  return apiRequest<CountsMessage>('/auctions/delete', { method: 'DELETE', body: { auctionIds } });
}

/** Their vehicles return to the unassigned approved ones: the auctions and the vehicle lists refresh. */
export function useDeleteAuctionsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAuctions,
    onSuccess: () => Promise.all([auctionsKey, ['vehicles']].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
