import type { QueryClient } from '@tanstack/react-query';
import { bidderKeys } from '@/bidder/api/keys';
import type { BidderLot, EventLots } from '@/bidder/api/types';
import { applyBidderEvent } from '@/bidder/live/apply-event';
import type { BidderLotEvent } from '@/bidder/live/messages';

/**
 * An event heard on the socket, written into every cached copy of its lot (the lot's page, its event's list, the
 * watch list). A copy that missed events before this one is read again from the server instead.
 */
export function applyToCache(client: QueryClient, event: BidderLotEvent): void {
  const stale: (readonly unknown[])[] = [];
  const one = <T extends BidderLot>(lot: T, key: readonly unknown[]): T => {
    const applied = applyBidderEvent(lot, event);
    if (applied.gap) stale.push(key);
    return applied.lot;
  };
  const lotKey = bidderKeys.lot(event.lotId);
  client.setQueryData<BidderLot>(lotKey, (lot) => (lot ? one(lot, lotKey) : lot));
  const listKey = bidderKeys.eventLots(event.eventId);
  client.setQueryData<EventLots>(listKey, (list) =>
    list ? { ...list, data: list.data.map((lot) => (lot.id === event.lotId ? one(lot, listKey) : lot)) } : list,
  );
  client.setQueryData<BidderLot[]>(bidderKeys.watchlist, (lots) =>
    lots?.map((lot) => (lot.id === event.lotId ? one(lot, bidderKeys.watchlist) : lot)),
  );
  for (const key of stale) void client.invalidateQueries({ queryKey: key, exact: true });
}

/** The lowest sequence held per lot across the cached copies: a resync after it brings every copy up to date. */
export function heldSequences(client: QueryClient): Record<string, number> {
  const held: Record<string, number> = {};
  const note = (lot: BidderLot | undefined) => {
    if (!lot) return;
    held[lot.id] = Math.min(held[lot.id] ?? Number.POSITIVE_INFINITY, lot.lastEventSequence);
  };
  for (const [, lot] of client.getQueriesData<BidderLot>({ queryKey: bidderKeys.allLots })) note(lot);
  for (const [, list] of client.getQueriesData<EventLots>({ queryKey: bidderKeys.allEventLots })) list?.data.forEach(note);
  client.getQueryData<BidderLot[]>(bidderKeys.watchlist)?.forEach(note);
  return held;
}
