import { queryOptions } from '@tanstack/react-query';
import { bidderRequest } from '@/bidder/api/client';
import { bidderKeys } from '@/bidder/api/keys';
import type { BidderLot, BidderLotDetail, EventLots } from '@/bidder/api/types';

const lotPath = (lotId: string) => `/lots/${encodeURIComponent(lotId)}`;

/** GET /api/bidder/lots/{lotId}: the lot with photos, specs and my own bids. */
export function lotQuery(lotId: string) {
  return queryOptions({
    queryKey: bidderKeys.lot(lotId),
    queryFn: ({ signal }) => bidderRequest<BidderLotDetail>(lotPath(lotId), { signal }),
  });
}

/** GET /api/bidder/watchlist. */
export const watchlistQuery = queryOptions({
  queryKey: bidderKeys.watchlist,
  queryFn: async ({ signal }) => (await bidderRequest<EventLots>('/watchlist', { signal })).data,
});

/** PUT or DELETE /api/bidder/watchlist/{lotId}. */
export function setWatching(lotId: string, watching: boolean): Promise<unknown> {
  return bidderRequest(`/watchlist/${encodeURIComponent(lotId)}`, { method: watching ? 'PUT' : 'DELETE' });
}

/** POST /api/bidder/lots/{lotId}/bids: bids exactly `amount` (the amount the button shows). */
export function placeBid(lotId: string, amount: string): Promise<BidderLot> {
  return bidderRequest(`${lotPath(lotId)}/bids`, { method: 'POST', body: { amount, nextStep: false } });
}

/** PUT /api/bidder/lots/{lotId}/maximum: sets or raises my maximum. */
export function setMaximum(lotId: string, maximum: string): Promise<BidderLot> {
  return bidderRequest(`${lotPath(lotId)}/maximum`, { method: 'PUT', body: { maximum } });
}

/** POST /api/bidder/lots/{lotId}/maximum/withdraw: only while the lot waits. */
export function withdrawMaximum(lotId: string): Promise<BidderLot> {
  return bidderRequest(`${lotPath(lotId)}/maximum/withdraw`, { method: 'POST' });
}
