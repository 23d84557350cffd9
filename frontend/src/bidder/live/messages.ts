/** The bidder socket's messages (GET ws /api/bidder/live, issue 26's contract). */
export type BidderLotEventKind = 'bid' | 'bid_refused' | 'maximum_withdrawn' | 'opened' | 'withdrawn' | 'closed' | 'paused' | 'resumed' | 'approval';

/** One numbered lot event, its payload filtered for this bidder: no maxima, no member ids, no names. */
export interface BidderLotEvent {
  lotId: string;
  eventId: string;
  laneId: string;
  sequence: number;
  at: string;
  kind: string;
  payload: Record<string, unknown>;
}

export type BidderServerMessage =
  | { type: 'ready'; serverTime: string }
  | ({ type: 'lot_event' } & BidderLotEvent)
  | { type: 'resync_needed'; serverTime: string }
  | { type: 'error'; message: string };

/** What the page follows: one event's lots, or some lots (a lot's page, the watch list). */
export type WatchSubject = { eventId: string } | { lots: string[] };
