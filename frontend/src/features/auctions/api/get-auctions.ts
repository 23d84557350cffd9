import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

export type AuctionQuery = Partial<components['schemas']['AuctionQuery']>;
export type AuctionList = components['schemas']['AuctionList'];
/** Every count the auction answers carry, over all auctions (one grouped query on the server). */
export type AuctionCounts = Omit<AuctionList, 'data' | 'totalPages' | 'currentPage' | 'totalMatching'>;
export type Auction = components['schemas']['AuctionOut'];
export type AuctionStatus = components['schemas']['AuctionStatus'];
export type AuctionType = components['schemas']['AuctionType'];
export type RepeatType = components['schemas']['RepeatType'];

/**
 * Every auction query (lists, counts, an auction's events, the calendar) starts with this key: a change of
 * auctions or events invalidates it and every screen showing them refreshes.
 */
export const auctionsKey = ['auctions'] as const;

/** POST /api/auctions/get: one status's auctions, a page of them and every count. */
export function getAuctions(body: AuctionQuery): Promise<AuctionList> {
  return apiRequest<AuctionList>('/auctions/get', { method: 'POST', body });
}

export function auctionsQueryOptions(body: AuctionQuery) {
  return queryOptions({ queryKey: [...auctionsKey, 'list', body], queryFn: () => getAuctions(body), placeholderData: keepPreviousData });
}

export function useAuctions(body: AuctionQuery) {
  return useQuery(auctionsQueryOptions(body));
}
