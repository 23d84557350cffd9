import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { bidderKeys } from '@/bidder/api/keys';
import type { BidderLot, EventLots } from '@/bidder/api/types';
import { applyBidderEvent } from '@/bidder/live/apply-event';
import { applyToCache, heldSequences } from '@/bidder/live/cache';
import { bidderLot, lotEvent } from '@/bidder/test/fixtures';

describe('applyBidderEvent', () => {
  it('applies the next event: price, asking, leader as you / another bidder, my status', () => {
    const { lot, gap } = applyBidderEvent(bidderLot(), lotEvent(8, { price: '15500.00', asking: '16000.00', leader: 'you', myStatus: 'leading' }));
    expect(gap).toBe(false);
    expect(lot).toMatchObject({ lastEventSequence: 8, price: '15500.00', asking: '16000.00', leader: 'you', myStatus: 'leading', bidCount: 7 });
  });

  it('never takes a name or a member id for the leader', () => {
    const { lot } = applyBidderEvent(bidderLot({ leader: 'you' }), lotEvent(8, { leader: 'Khalid Al Mansoori', leaderId: 'm9', maximum: '99000.00' }));
    expect(lot.leader).toBeNull();
    expect(JSON.stringify(lot)).not.toMatch(/Khalid|m9|99000/);
  });

  it('drops an event already applied and holds one after a gap', () => {
    const before = bidderLot();
    expect(applyBidderEvent(before, lotEvent(7, { price: '1.00' }))).toEqual({ lot: before, gap: false });
    expect(applyBidderEvent(before, lotEvent(9, { price: '1.00' }))).toEqual({ lot: before, gap: true });
  });

  it('closes, pauses and resumes the clock', () => {
    let lot = applyBidderEvent(bidderLot({ clockEndsAt: '2031-05-03T06:10:30Z' }), lotEvent(8, { remainingSeconds: 12 }, 'paused')).lot;
    expect(lot).toMatchObject({ clockEndsAt: null, clockPausedSeconds: 12 });
    lot = applyBidderEvent(lot, lotEvent(9, { clockEndsAt: '2031-05-03T06:11:00Z' }, 'resumed')).lot;
    expect(lot).toMatchObject({ clockEndsAt: '2031-05-03T06:11:00Z', clockPausedSeconds: null });
    lot = applyBidderEvent(lot, lotEvent(10, { result: 'sold', price: '17000.00', myStatus: 'won' }, 'closed')).lot;
    expect(lot).toMatchObject({ state: 'closed', result: 'sold', price: '17000.00', myStatus: 'won', clockEndsAt: null });
  });
});

describe('the query cache', () => {
  it('writes an event into every copy of its lot, and reads again a copy that missed events', () => {
    const client = new QueryClient();
    client.setQueryData(bidderKeys.lot('lot1'), bidderLot());
    client.setQueryData<EventLots>(bidderKeys.eventLots('ev1'), { data: [bidderLot({ lastEventSequence: 5 }), bidderLot({ id: 'lot2', lastEventSequence: 2 })], serverTime: '' });
    expect(heldSequences(client)).toEqual({ lot1: 5, lot2: 2 });
    applyToCache(client, lotEvent(8, { price: '15500.00' }));
    expect(client.getQueryData<BidderLot>(bidderKeys.lot('lot1'))?.price).toBe('15500.00');
    expect(client.getQueryState(bidderKeys.eventLots('ev1'))?.isInvalidated).toBe(true);
    expect(client.getQueryData<EventLots>(bidderKeys.eventLots('ev1'))?.data[0]?.price).toBe('15000.00');
  });
});
