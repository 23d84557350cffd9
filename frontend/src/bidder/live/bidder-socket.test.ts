import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BidderSocket, backoff, bidderLiveUrl, type BidderSocketOptions } from '@/bidder/live/bidder-socket';
import { FakeSocket, installFakeSockets } from '@/bidder/test/fake-socket';
import { lotEvent } from '@/bidder/test/fixtures';

function options(held: Record<string, number> = {}): BidderSocketOptions & { statuses: string[] } {
  const statuses: string[] = [];
  return {
    statuses,
    url: 'ws://x/api/bidder/live',
    token: () => 'bid_member',
    lastSequences: () => held,
    onReady: vi.fn(),
    onEvent: vi.fn(),
    onResyncNeeded: vi.fn(),
    onStatus: (status, reason) => statuses.push(reason ? `${status}: ${reason}` : status),
    random: () => 1,
  };
}

describe('BidderSocket', () => {
  beforeEach(() => {
    installFakeSockets();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('builds its address from the page, with no token in it', () => {
    expect(bidderLiveUrl({ protocol: 'https:', host: 'gavel.example' })).toBe('wss://gavel.example/api/bidder/live');
    expect(bidderLiveUrl({ protocol: 'http:', host: '127.0.0.1:8000' })).toBe('ws://127.0.0.1:8000/api/bidder/live');
  });

  it('sends the token as its first message, watches once the server is ready, and hands on lot events', () => {
    const on = options();
    const socket = new BidderSocket(on);
    socket.watch({ eventId: 'ev1' });
    socket.start();
    const fake = FakeSocket.last();
    expect(fake.url).toBe('ws://x/api/bidder/live');
    fake.open();
    expect(fake.sent).toEqual([{ type: 'auth', token: 'bid_member' }]);
    // Nothing is heard before 'ready' (the server has not taken the token yet).
    fake.receive({ type: 'lot_event', ...lotEvent(8) });
    expect(on.onEvent).not.toHaveBeenCalled();
    fake.receive({ type: 'ready', serverTime: '2031-05-03T06:00:00Z' });
    expect(fake.sent).toEqual([{ type: 'auth', token: 'bid_member' }, { type: 'watch', eventId: 'ev1' }]);
    expect(on.onReady).toHaveBeenCalledWith('2031-05-03T06:00:00Z', false);
    fake.receive({ type: 'lot_event', ...lotEvent(8, { price: '15500.00', leader: 'you' }) });
    fake.onmessage?.({ data: 'not json' });
    expect(on.onEvent).toHaveBeenCalledTimes(1);
    expect(on.onEvent).toHaveBeenCalledWith(lotEvent(8, { price: '15500.00', leader: 'you' }));
    socket.watch({ lots: ['lot1', 'lot2'] });
    expect(fake.sent.at(-1)).toEqual({ type: 'watch', lots: ['lot1', 'lot2'] });
    expect(on.statuses).toEqual(['connecting', 'live']);
  });

  it('hands on every lot event of a frame that holds several, in order', () => {
    const on = options();
    const socket = new BidderSocket(on);
    socket.watch({ eventId: 'ev1' });
    socket.start();
    const fake = FakeSocket.last();
    fake.open();
    fake.receive({ type: 'ready', serverTime: '2031-05-03T06:00:00Z' });
    fake.onmessage?.({ data: JSON.stringify([8, 9].map((n) => ({ type: 'lot_event', ...lotEvent(n) }))) });
    expect(vi.mocked(on.onEvent).mock.calls).toEqual([[lotEvent(8)], [lotEvent(9)]]);
  });

  it('after a reconnection, watches again and asks for every event after the last sequence held per lot', () => {
    const held = { lot1: 7, lot2: 3 };
    const on = options(held);
    const socket = new BidderSocket(on);
    socket.watch({ lots: ['lot1', 'lot2'] });
    socket.start();
    FakeSocket.last().ready();
    expect(FakeSocket.last().sent).not.toContainEqual(expect.objectContaining({ type: 'resync' }));
    FakeSocket.last().close(1006);
    vi.advanceTimersByTime(1000);
    const again = FakeSocket.last();
    expect(FakeSocket.all).toHaveLength(2);
    again.open();
    // No watch nor resync before the new connection is ready.
    expect(again.sent).toEqual([{ type: 'auth', token: 'bid_member' }]);
    held.lot1 = 9;
    again.receive({ type: 'ready', serverTime: '2031-05-03T06:01:00Z' });
    expect(again.sent).toEqual([
      { type: 'auth', token: 'bid_member' },
      { type: 'watch', lots: ['lot1', 'lot2'] },
      { type: 'resync', lots: { lot1: 9, lot2: 3 } },
    ]);
    expect(on.onReady).toHaveBeenLastCalledWith('2031-05-03T06:01:00Z', true);
  });

  it("resyncs when the server says it may have dropped events", () => {
    const on = options({ lot1: 12 });
    new BidderSocket(on).start();
    const fake = FakeSocket.last();
    fake.ready();
    fake.receive({ type: 'resync_needed', serverTime: '2031-05-03T06:02:00Z' });
    expect(fake.sent.at(-1)).toEqual({ type: 'resync', lots: { lot1: 12 } });
    expect(on.onResyncNeeded).toHaveBeenCalledWith('2031-05-03T06:02:00Z');
  });

  it('waits longer after each failed connection (1 s, 2 s, 4 s ... 30 s), with jitter, and starts over once connected', () => {
    const on = options();
    new BidderSocket(on).start();
    FakeSocket.last().close(1006);
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.last().close(1006);
    vi.advanceTimersByTime(1999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);
    FakeSocket.last().ready();
    FakeSocket.last().close(1006);
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(4);
    expect(on.statuses).toEqual(['connecting', 'reconnecting', 'reconnecting', 'reconnecting', 'reconnecting', 'live', 'reconnecting', 'reconnecting']);
    expect([0, 1, 2, 5, 10].map((n) => backoff(n, 1))).toEqual([1000, 2000, 4000, 30000, 30000]);
    // Jitter: between half and the whole wait, so that phones do not all come back in the same instant.
    expect([0, 5].map((n) => backoff(n, 0))).toEqual([500, 15000]);
    expect(backoff(3, 0.5)).toBe(6000);
  });

  it.each([
    [4401, 'Your session has ended. Sign in again.'],
    [4403, 'You may not bid.'],
  ])('stops for good when the server closes with %i', (code, reason) => {
    const on = options();
    new BidderSocket(on).start();
    FakeSocket.last().open();
    FakeSocket.last().close(code, reason);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(on.statuses.at(-1)).toBe(`refused: ${reason}`);
  });

  it('stops when asked: no reconnection, no more events', () => {
    const on = options();
    const socket = new BidderSocket(on);
    socket.start();
    const fake = FakeSocket.last();
    fake.ready();
    socket.stop();
    expect(fake.readyState).toBe(FakeSocket.CLOSED);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });
});
