import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveSocket, backoff, liveEventsUrl, type LiveSocketHandlers } from '@/features/auctions/live/live-socket';
import { FakeSocket, installFakeSockets } from '@/features/auctions/live/test/fake-socket';
import { lotEvent } from '@/features/auctions/live/test/live-fixtures';

function handlers(): LiveSocketHandlers & { statuses: string[] } {
  const statuses: string[] = [];
  return {
    statuses,
    token: () => 'staff-token',
    onEvent: vi.fn(),
    onLane: vi.fn(),
    onReady: vi.fn(),
    onResyncNeeded: vi.fn(),
    onStatus: (status, reason) => statuses.push(reason ? `${status}: ${reason}` : status),
  };
}

describe('LiveSocket', () => {
  beforeEach(() => {
    installFakeSockets();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('builds its address from the page: wss on https, ws on http', () => {
    expect(liveEventsUrl('ev 1', { protocol: 'https:', host: 'gavel.example' })).toBe('wss://gavel.example/api/live/events/ev%201');
    expect(liveEventsUrl('ev1', { protocol: 'http:', host: '127.0.0.1:8000' })).toBe('ws://127.0.0.1:8000/api/live/events/ev1');
  });

  it('sends the token as its first message, then watches its lane once ready, and hands on lot events and lane wake-ups', () => {
    const on = handlers();
    new LiveSocket('ws://x/api/live/events/ev1', on, 'lane1').start();
    const socket = FakeSocket.last();
    socket.ready('2031-05-01T12:00:00Z');
    expect(socket.sent).toEqual([{ type: 'auth', token: 'staff-token' }, { type: 'watch', laneId: 'lane1' }]);
    expect(on.onReady).toHaveBeenCalledWith('2031-05-01T12:00:00Z', false);
    socket.receive({ type: 'lot_event', ...lotEvent(3) });
    socket.receive({ type: 'lane', laneId: 'lane1', state: 'paused' });
    socket.receive({ type: 'resync_needed', serverTime: '2031-05-01T12:00:09Z' });
    socket.onmessage?.({ data: 'not json' });
    expect(on.onEvent).toHaveBeenCalledWith(lotEvent(3));
    expect(on.onLane).toHaveBeenCalledWith('lane1', 'paused');
    expect(on.onResyncNeeded).toHaveBeenCalledWith('2031-05-01T12:00:09Z');
    expect(on.statuses).toEqual(['connecting', 'live']);
  });

  it('hands on every lot event of a frame that holds several, in order', () => {
    const on = handlers();
    new LiveSocket('ws://x/api/live/events/ev1', on).start();
    const socket = FakeSocket.last();
    socket.ready('2031-05-01T12:00:00Z');
    socket.onmessage?.({ data: JSON.stringify([3, 4, 5].map((n) => ({ type: 'lot_event', ...lotEvent(n) }))) });
    expect(vi.mocked(on.onEvent).mock.calls).toEqual([[lotEvent(3)], [lotEvent(4)], [lotEvent(5)]]);
  });

  it('reconnects after a drop with a growing wait, and says it is ready again', () => {
    const on = handlers();
    new LiveSocket('ws://x', on).start();
    FakeSocket.last().ready();
    FakeSocket.last().close(1006);
    expect(FakeSocket.all).toHaveLength(1);
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
    expect(on.onReady).toHaveBeenLastCalledWith(expect.any(String), true);
    expect(on.statuses).toEqual(['connecting', 'live', 'reconnecting', 'reconnecting', 'reconnecting', 'reconnecting', 'live']);
    expect([0, 1, 2, 5, 10].map(backoff)).toEqual([1000, 2000, 4000, 30000, 30000]);
  });

  it.each([
    [4401, 'Your session has ended. Sign in again.'],
    [4403, 'Your role may not view auctions.'],
    [4404, 'This auction event does not exist.'],
  ])('stops for good when the server closes with %i, with its reason', (code, reason) => {
    const on = handlers();
    new LiveSocket('ws://x', on).start();
    FakeSocket.last().open();
    FakeSocket.last().close(code, reason);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(on.statuses.at(-1)).toBe(`refused: ${reason}`);
  });

  it('asks for what it missed with a resync, and closes without reconnecting when stopped', () => {
    const live = new LiveSocket('ws://x', handlers());
    live.start();
    const socket = FakeSocket.last();
    socket.ready();
    live.resync({ lot1: 4, lot2: 9 });
    live.resync({});
    expect(socket.sent.at(-1)).toEqual({ type: 'resync', lots: { lot1: 4, lot2: 9 } });
    live.stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });
});
