import { queryOptions } from '@tanstack/react-query';
import { bidderRequest } from '@/bidder/api/client';
import { bidderKeys } from '@/bidder/api/keys';
import type { BidderEvents, EventLots } from '@/bidder/api/types';

/** GET /api/bidder/events: upcoming and running events, soonest first. */
export const eventsQuery = queryOptions({
  queryKey: bidderKeys.events,
  queryFn: async ({ signal }) => (await bidderRequest<BidderEvents>('/events', { signal })).data,
  staleTime: 60_000,
});

/** GET /api/bidder/events/{eventId}/lots: lane by lane, in run order (with the server's time). */
export function eventLotsQuery(eventId: string) {
  return queryOptions({
    queryKey: bidderKeys.eventLots(eventId),
    queryFn: ({ signal }) => bidderRequest<EventLots>(`/events/${encodeURIComponent(eventId)}/lots`, { signal }),
  });
}
