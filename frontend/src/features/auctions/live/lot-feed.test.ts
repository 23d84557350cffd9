import { describe, expect, it } from 'vitest';
import { applyLotEvent, lastSequences, receive, seed, type FeedState } from '@/features/auctions/live/lot-feed';
import { lotEvent, lotView } from '@/features/auctions/live/test/live-fixtures';

const seeded = (sequence: number): FeedState => seed({}, 'lot1', sequence);
const sequences = (events: { sequence: number }[]) => events.map((event) => event.sequence);

describe('receive: the lot events heard, put in order', () => {
  it('applies the next event of a lot and moves its last sequence on', () => {
    const { state, apply, gaps } = receive(seeded(3), [lotEvent(4)]);
    expect(sequences(apply)).toEqual([4]);
    expect(gaps).toEqual([]);
    expect(lastSequences(state)).toEqual({ lot1: 4 });
  });

  it('drops an event already applied or heard twice', () => {
    const first = receive(seeded(3), [lotEvent(4)]);
    const again = receive(first.state, [lotEvent(4), lotEvent(2)]);
    expect(again.apply).toEqual([]);
    expect(again.gaps).toEqual([]);
    expect(again.state).toBe(first.state);
  });

  it('holds an event after a gap, reports the gap after the last applied, and applies both once the gap is filled', () => {
    const gapped = receive(seeded(3), [lotEvent(6), lotEvent(5)]);
    expect(gapped.apply).toEqual([]);
    expect(gapped.gaps).toEqual([{ lotId: 'lot1', after: 3 }]);
    const duplicate = receive(gapped.state, [lotEvent(6)]);
    expect(duplicate.apply).toEqual([]);
    const filled = receive(gapped.state, [lotEvent(4), lotEvent(5)]);
    expect(sequences(filled.apply)).toEqual([4, 5, 6]);
    expect(filled.gaps).toEqual([]);
    expect(lastSequences(filled.state)).toEqual({ lot1: 6 });
  });

  it('puts events heard out of order in sequence order', () => {
    const { apply } = receive(seeded(0), [lotEvent(3), lotEvent(1), lotEvent(2)]);
    expect(sequences(apply)).toEqual([1, 2, 3]);
  });

  it('keeps each lot apart: a gap on one lot holds nothing of another', () => {
    const state = seed(seeded(1), 'lot2', 7);
    const { apply, gaps } = receive(state, [lotEvent(3), lotEvent(8, { lotId: 'lot2' })]);
    expect(apply.map((event) => [event.lotId, event.sequence])).toEqual([['lot2', 8]]);
    expect(gaps).toEqual([{ lotId: 'lot1', after: 1 }]);
  });

  it('takes the first event of a lot never seen as where it stands', () => {
    const { apply, state } = receive({}, [lotEvent(12)]);
    expect(sequences(apply)).toEqual([12]);
    expect(lastSequences(state)).toEqual({ lot1: 12 });
  });

  it('seeds from a fresh read: what waited after a gap the read covers is applied or dropped', () => {
    const gapped = receive(seeded(3), [lotEvent(6), lotEvent(8)]);
    const state = seed(gapped.state, 'lot1', 6);
    expect(lastSequences(state)).toEqual({ lot1: 6 });
    const { apply } = receive(state, [lotEvent(7)]);
    expect(sequences(apply)).toEqual([7, 8]);
    expect(seed(state, 'lot1', 2)).toBe(state);
  });
});

describe('applyLotEvent: a lot view moved by its events', () => {
  it('takes the price, asking price, leader and clock of an accepted bid', () => {
    const lot = lotView({ state: 'open', lastEventSequence: 1 });
    const moved = applyLotEvent(
      lot,
      lotEvent(2, { kind: 'bid', payload: { price: '21000.00', asking: '21500.00', leaderId: 'm1', leaderSource: 'absentee', clockEndsAt: '2031-05-01T12:00:30+00:00', bids: [{}] } }),
    );
    expect(moved).toMatchObject({ price: '21000.00', asking: '21500.00', leader: { id: 'm1', name: '' }, leaderSource: 'absentee', clockEndsAt: '2031-05-01T12:00:30+00:00', lastEventSequence: 2, bidCount: 1 });
  });

  it('keeps the leader’s name when the same leader still leads', () => {
    const lot = lotView({ state: 'open', leader: { id: 'm1', name: 'Khalid Buyer1' }, lastEventSequence: 4 });
    const moved = applyLotEvent(lot, lotEvent(5, { kind: 'bid', payload: { price: '22000.00', leaderId: 'm1' } }));
    expect(moved.leader).toEqual({ id: 'm1', name: 'Khalid Buyer1' });
  });

  it('opens, closes with its result and withdraws', () => {
    const opened = applyLotEvent(lotView({ lastEventSequence: 0 }), lotEvent(1, { kind: 'opened', payload: { asking: '20000.00', clockEndsAt: '2031-05-01T12:00:30+00:00' } }));
    expect(opened.state).toBe('open');
    const closed = applyLotEvent(opened, lotEvent(2, { kind: 'closed', payload: { result: 'on_approval', price: '20000.00' } }));
    expect(closed).toMatchObject({ state: 'closed', result: 'on_approval', price: '20000.00', clockEndsAt: null });
    expect(applyLotEvent(opened, lotEvent(2, { kind: 'withdrawn' })).state).toBe('withdrawn');
  });

  it('stops the clock while the lane is paused, with the seconds left, and restarts it on resume', () => {
    const lot = lotView({ state: 'open', clockEndsAt: '2031-05-01T12:00:30+00:00', lastEventSequence: 2 });
    const paused = applyLotEvent(lot, lotEvent(3, { kind: 'paused', payload: { remainingSeconds: 12 } }));
    expect(paused).toMatchObject({ clockEndsAt: null, clockPausedSeconds: 12 });
    const resumed = applyLotEvent(paused, lotEvent(4, { kind: 'resumed', payload: { clockEndsAt: '2031-05-01T12:05:12+00:00' } }));
    expect(resumed).toMatchObject({ clockEndsAt: '2031-05-01T12:05:12+00:00', clockPausedSeconds: null });
  });

  it('changes nothing for an event the view has already seen or of another lot', () => {
    const lot = lotView({ lastEventSequence: 5 });
    expect(applyLotEvent(lot, lotEvent(5, { kind: 'opened' }))).toBe(lot);
    expect(applyLotEvent(lot, lotEvent(6, { kind: 'opened', lotId: 'lot9' }))).toBe(lot);
  });
});
