import type { BidderLot, Leader, LotResult, MyStatus } from '@/bidder/api/types';
import type { BidderLotEvent } from '@/bidder/live/messages';

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const LEADERS: readonly string[] = ['you', 'another_bidder'];
const STATUSES: readonly string[] = ['none', 'leading', 'outbid', 'won', 'lost', 'on_approval'];

export type Applied<T> = { lot: T; gap: false } | { lot: T; gap: true };

/**
 * A lot with one of its events applied, from the event's filtered payload (price, asking, clock, result, leader as
 * 'you' / 'another_bidder', my status). An event already seen (sequence ≤ the lot's) changes nothing; one after a gap
 * is not applied and reported (`gap`), so that the page asks for what it missed.
 */
export function applyBidderEvent<T extends BidderLot>(lot: T, event: BidderLotEvent): Applied<T> {
  if (event.lotId !== lot.id || event.sequence <= lot.lastEventSequence) return { lot, gap: false };
  if (event.sequence > lot.lastEventSequence + 1) return { lot, gap: true };
  const next: T = { ...lot, lastEventSequence: event.sequence };
  const { payload } = event;
  if ('price' in payload) next.price = text(payload.price);
  const asking = text(payload.asking);
  if (asking !== null) next.asking = asking;
  if ('clockEndsAt' in payload) next.clockEndsAt = text(payload.clockEndsAt);
  if ('leader' in payload) next.leader = (LEADERS.includes(String(payload.leader)) ? payload.leader : null) as Leader;
  if ('myStatus' in payload && STATUSES.includes(String(payload.myStatus))) next.myStatus = payload.myStatus as MyStatus;
  if ('myMaximum' in payload) next.myMaximum = text(payload.myMaximum);
  switch (event.kind) {
    case 'bid':
      next.bidCount = lot.bidCount + (Array.isArray(payload.bids) ? payload.bids.length : 1);
      break;
    case 'opened':
      next.state = 'open';
      break;
    case 'withdrawn':
      next.state = 'withdrawn';
      next.clockEndsAt = null;
      break;
    case 'closed':
      next.state = 'closed';
      next.result = text(payload.result) as LotResult;
      next.clockEndsAt = null;
      next.clockPausedSeconds = null;
      break;
    case 'paused':
      next.clockPausedSeconds = typeof payload.remainingSeconds === 'number' ? payload.remainingSeconds : (lot.clockPausedSeconds ?? 0);
      next.clockEndsAt = null;
      break;
    case 'resumed':
      next.clockPausedSeconds = null;
      break;
    default:
      break;
  }
  return { lot: next, gap: false };
}
