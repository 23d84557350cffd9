import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { auctionsKey } from '@/features/auctions/api/get-auctions';

export type AuctionEvent = components['schemas']['EventOut'];
export type EventLane = components['schemas']['LaneOut'];
type EventList = components['schemas']['EventList'];

/** GET /api/auction-event/all-auction-events/{auctionId}: every event of an auction, with its lanes and counts. */
export function getAuctionEvents(auctionId: string): Promise<AuctionEvent[]> {
  return apiRequest<EventList>(`/auction-event/all-auction-events/${encodeURIComponent(auctionId)}`).then((answer) => answer.data);
}

export function auctionEventsQueryOptions(auctionId: string) {
  return queryOptions({ queryKey: [...auctionsKey, 'events', auctionId], queryFn: () => getAuctionEvents(auctionId) });
}

export function useAuctionEvents(auctionId: string) {
  return useQuery(auctionEventsQueryOptions(auctionId));
}
