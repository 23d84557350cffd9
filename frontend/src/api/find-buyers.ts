import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

export type BuyerOption = components['schemas']['BuyerOption'];

/** Under the auction events' key: recording a result refreshes the buyers' buying power with the event. */
export const buyersKey = ['auctionEvents', 'buyers'] as const;

/**
 * POST /api/auction-event/buyers {search, limit}: approved members who buy, by name, phone or member number, with the
 * buying power still available and why a sale to them would be refused (the server's verdict). Searched as staff
 * type, so it leaves the busy indicator alone. The lane console's buyer and the absentee bid's member use it.
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

/** `enabled` false: nothing is asked until the picker opens. */
export function useBuyers(search: string, enabled = true) {
  return useQuery({ ...buyersQueryOptions(search), enabled });
}
