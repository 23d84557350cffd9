import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bidderRequest } from '@/bidder/api/client';
import { TimeLeft } from '@/bidder/components/time-left';
import { clockText, noteServerTime, resetServerClock, secondsLeft, serverOffsetMs } from '@/bidder/lib/server-clock';
import { renderPiece } from '@/bidder/test/render';
import { mockFetch } from '@/test/fetch-mock';

/** The phone's clock says 12:00:00; the server's is ten minutes ahead. */
const DEVICE_NOW = Date.parse('2031-05-03T12:00:00Z');
const SERVER_NOW = '2031-05-03T12:10:00Z';

describe('time left, on the server clock', () => {
  beforeEach(() => {
    resetServerClock();
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(DEVICE_NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    resetServerClock();
  });

  it('counts from the server time of the API’s answers, not from the device’s clock', async () => {
    mockFetch({ 'GET /api/bidder/events/ev1/lots': { body: { data: [], serverTime: SERVER_NOW } } });
    await bidderRequest('/events/ev1/lots');
    expect(serverOffsetMs()).toBe(10 * 60_000);
    // The lot's clock ends 90 s after the server's now: 11:30 on the device's clock, 1:30 in truth.
    renderPiece(<TimeLeft lot={{ state: 'open', clockEndsAt: '2031-05-03T12:11:30Z', clockPausedSeconds: null }} />);
    expect(screen.getByRole('timer')).toHaveTextContent('1:30');
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByRole('timer')).toHaveTextContent('1:00');
    act(() => vi.advanceTimersByTime(120_000));
    expect(screen.getByRole('timer')).toHaveTextContent('0:00');
  });

  it('shows a paused clock’s seconds, and nothing for a lot that is not open', () => {
    renderPiece(<TimeLeft lot={{ state: 'open', clockEndsAt: null, clockPausedSeconds: 75 }} />);
    expect(screen.getByRole('timer')).toHaveTextContent('Paused (1:15 left)');
  });

  it('keeps the most precise reading, and takes the socket’s', () => {
    noteServerTime('2031-05-03T12:10:00Z', DEVICE_NOW - 4000, DEVICE_NOW); // a slow answer: ±2 s
    expect(serverOffsetMs()).toBe(10 * 60_000 + 2000);
    noteServerTime('2031-05-03T12:10:00.500Z', DEVICE_NOW, DEVICE_NOW); // the socket's ready: exact
    expect(serverOffsetMs()).toBe(10 * 60_000 + 500);
    noteServerTime('2031-05-03T12:20:00Z', DEVICE_NOW - 9000, DEVICE_NOW); // a worse one is ignored
    expect(serverOffsetMs()).toBe(10 * 60_000 + 500);
    expect(secondsLeft('2031-05-03T12:10:10Z', 10 * 60_000, DEVICE_NOW)).toBe(10);
    expect(secondsLeft('2031-05-03T12:09:00Z', 10 * 60_000, DEVICE_NOW)).toBe(0);
    expect(secondsLeft(null, 0, DEVICE_NOW)).toBeNull();
    expect([0, 59, 61, 3725].map(clockText)).toEqual(['0:00', '0:59', '1:01', '1:02:05']);
  });
});
