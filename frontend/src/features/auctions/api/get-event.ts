import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { auctionsKey } from '@/features/auctions/api/get-auctions';

export type AuctionEvent = components['schemas']['EventOut'];
export type EventLane = components['schemas']['LaneOut'];
export type EventRun = components['schemas']['RunOut'];
export type EventDetail = components['schemas']['EventDetail'];
export type RunQuery = components['schemas']['RunQuery'];

/** Every query of the event page and the lane consoles starts with this key; their mutations invalidate it. */
export const auctionEventsKey = ['auctionEvents'] as const;

/**
 * After vehicles were placed, moved or sold: the events (their pages, lanes and the unassigned vehicles), the auction
 * lists and calendar (their vehicle counts and events) and the vehicle lists (assigned, sold) all look again.
 */
export function invalidateEventChanges(queryClient: QueryClient) {
  return Promise.all([auctionEventsKey, auctionsKey, ['vehicles']].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** The key of one event's queries (its details, pages and lanes). */
export function eventKey(eventId: string) {
  return [...auctionEventsKey, 'event', eventId] as const;
}

/** POST /api/auction-event/getById/{eventId} {pageNo, limit, search}: the event, its lanes and a page of its vehicles in lane and run order. */
export async function getEvent(eventId: string, body: RunQuery): Promise<EventDetail> {
  const answer = await apiRequest<components['schemas']['EventDetailResponse']>(`/auction-event/getById/${encodeURIComponent(eventId)}`, { method: 'POST', body });
  return answer.data;
}

export function eventQueryOptions(eventId: string, body: RunQuery) {
  return queryOptions({ queryKey: [...eventKey(eventId), 'page', body], queryFn: () => getEvent(eventId, body), placeholderData: keepPreviousData });
}

export function useEvent(eventId: string, body: RunQuery) {
  return useQuery(eventQueryOptions(eventId, body));
}
