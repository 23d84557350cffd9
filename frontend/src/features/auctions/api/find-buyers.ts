import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { auctionEventsKey } from '@/features/auctions/api/get-event';

export type BuyerOption = components['schemas']['BuyerOption'];

export const buyersKey = [...auctionEventsKey, 'buyers'] as const;

/**
 * POST /api/auction-event/buyers {search, limit}: approved members who buy, by name, phone or member number, with the
 * buying power still available. Searched as the clerk types, so it leaves the busy indicator alone.
 */
export async function findBuyers(search: string): Promise<BuyerOption[]> {
  const answer = await apiRequest<components['schemas']['BuyerOptions']>('/auction-event/buyers', {
    method: 'POST',
    body: { search: search.trim() || undefined, limit: 10 },
    silent: true,
  });
  return answer.data;
}

export function buyersQueryOptions(search: string) {
  return queryOptions({ queryKey: [...buyersKey, search.trim()], queryFn: () => findBuyers(search), placeholderData: keepPreviousData });
}

export function useBuyers(search: string) {
  return useQuery(buyersQueryOptions(search));
}
