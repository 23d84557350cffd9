import type { LotEventView, LotView } from '@/features/auctions/live/types';

/**
 * What a watcher knows of each lot's events: the last sequence applied and the events that came ahead of a gap.
 * Pure: the socket hook keeps one and feeds it every event it hears, from the socket or from a catch-up read.
 */
export interface LotFeed {
  last: number;
  /** Events after a gap, by sequence, applied once the gap is filled. */
  waiting: LotEventView[];
}

export type FeedState = Readonly<Record<string, LotFeed>>;

export interface Received {
  state: FeedState;
  /** The events to apply now, in sequence order per lot. */
  apply: LotEventView[];
  /** Lots with a gap: read their events after `after` (GET /api/lots/{id}/events?after=N). */
  gaps: { lotId: string; after: number }[];
}

/** A lot's sequence as read from the server (a LotView's `lastEventSequence`): events up to it are already in. */
export function seed(state: FeedState, lotId: string, sequence: number): FeedState {
  const held = state[lotId];
  if (held && held.last >= sequence) return state;
  const waiting = (held?.waiting ?? []).filter((event) => event.sequence > sequence);
  return drain({ ...state, [lotId]: { last: sequence, waiting } }, lotId, []);
}

/** The known lots' last sequences: what a resync asks after. */
export function lastSequences(state: FeedState): Record<string, number> {
  return Object.fromEntries(Object.entries(state).map(([lotId, feed]) => [lotId, feed.last]));
}

function drain(state: FeedState, lotId: string, apply: LotEventView[]): FeedState {
  const feed = state[lotId];
  if (!feed) return state;
  let { last } = feed;
  const waiting = [...feed.waiting];
  while (waiting[0]?.sequence === last + 1) {
    apply.push(waiting.shift() as LotEventView);
    last += 1;
  }
  return last === feed.last ? state : { ...state, [lotId]: { last, waiting } };
}

/**
 * Events heard, in any order and possibly twice: each lot's next event is applied, an event already applied or
 * already waiting is dropped, one after a gap waits and the gap is reported (once per lot, after the last applied).
 * A lot never seen takes its first event as where it stands (its view is read afresh by the hook).
 */
export function receive(state: FeedState, events: LotEventView[]): Received {
  let next = state;
  const apply: LotEventView[] = [];
  const gapped = new Set<string>();
  for (const event of [...events].sort((a, b) => a.sequence - b.sequence)) {
    const feed = next[event.lotId];
    if (!feed) {
      next = { ...next, [event.lotId]: { last: event.sequence, waiting: [] } };
      apply.push(event);
      continue;
    }
    if (event.sequence <= feed.last || feed.waiting.some((one) => one.sequence === event.sequence)) continue;
    const waiting = [...feed.waiting, event].sort((a, b) => a.sequence - b.sequence);
    next = drain({ ...next, [event.lotId]: { last: feed.last, waiting } }, event.lotId, apply);
  }
  for (const [lotId, feed] of Object.entries(next)) {
    if (feed.waiting.length > 0) gapped.add(lotId);
  }
  const gaps = [...gapped].map((lotId) => ({ lotId, after: (next[lotId] as LotFeed).last }));
  return { state: next, apply, gaps };
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * A lot view with one of its events applied: the price, asking price, leader, clock and state the event carries
 * (a leader's name is kept when the leader is the same, else left for the lot's next read). Events the view has
 * already seen change nothing.
 */
export function applyLotEvent<T extends LotView>(lot: T, event: LotEventView): T {
  if (event.lotId !== lot.id || event.sequence <= lot.lastEventSequence) return lot;
  const moved: T = { ...lot, lastEventSequence: event.sequence };
  const { payload } = event;
  const priced = () => {
    if ('price' in payload) moved.price = text(payload.price);
    if ('asking' in payload && text(payload.asking) !== null) moved.asking = text(payload.asking) as string;
    if ('leaderId' in payload) {
      const leaderId = text(payload.leaderId);
      moved.leader = leaderId === null ? null : lot.leader?.id === leaderId ? lot.leader : { id: leaderId, name: '' };
    }
    if ('leaderSource' in payload) moved.leaderSource = text(payload.leaderSource) as T['leaderSource'];
    if ('clockEndsAt' in payload) moved.clockEndsAt = text(payload.clockEndsAt);
  };
  switch (event.kind) {
    case 'bid':
      priced();
      moved.bidCount = lot.bidCount + (Array.isArray(payload.bids) ? payload.bids.length : 1);
      break;
    case 'maximum_withdrawn':
      priced();
      break;
    case 'opened':
      priced();
      moved.state = 'open';
      break;
    case 'withdrawn':
      moved.state = 'withdrawn';
      moved.clockEndsAt = null;
      break;
    case 'closed':
      moved.state = 'closed';
      moved.result = text(payload.result) as T['result'];
      if ('price' in payload) moved.price = text(payload.price);
      moved.clockEndsAt = null;
      break;
    case 'paused':
      moved.clockPausedSeconds = typeof payload.remainingSeconds === 'number' ? payload.remainingSeconds : (lot.clockPausedSeconds ?? 0);
      moved.clockEndsAt = null;
      break;
    case 'resumed':
      if ('clockEndsAt' in payload) moved.clockEndsAt = text(payload.clockEndsAt);
      moved.clockPausedSeconds = null;
      break;
    default:
      break;
  }
  return moved;
}
