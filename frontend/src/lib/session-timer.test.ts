import { describe, expect, it } from 'vitest';
import {
  clearDeadline,
  formatCountdown,
  keepAliveIntervalMs,
  nextDeadline,
  readDeadline,
  sessionStateAt,
  shouldKeepAlive,
  writeDeadline,
} from '@/lib/session-timer';

const timing = { inactivitySeconds: 1800, warningSeconds: 300, sessionIdleSeconds: 1800 };
const start = 1_000_000;
const deadline = nextDeadline(start, timing);

describe('session timer', () => {
  it('puts the deadline after the inactivity time plus the warning countdown', () => {
    expect(deadline - start).toBe(2100 * 1000);
  });

  it('stays active until the inactivity time has passed', () => {
    expect(sessionStateAt(start, deadline, timing)).toEqual({ kind: 'active' });
    expect(sessionStateAt(start + 1799_999, deadline, timing)).toEqual({ kind: 'active' });
  });

  it('opens the warning at 5:00 and counts down whole seconds', () => {
    expect(sessionStateAt(start + 1800_000, deadline, timing)).toEqual({ kind: 'warning', secondsLeft: 300 });
    expect(sessionStateAt(start + 1801_000, deadline, timing)).toEqual({ kind: 'warning', secondsLeft: 299 });
    expect(sessionStateAt(start + 2099_500, deadline, timing)).toEqual({ kind: 'warning', secondsLeft: 1 });
  });

  it('expires at the deadline and after it', () => {
    expect(sessionStateAt(deadline, deadline, timing)).toEqual({ kind: 'expired' });
    expect(sessionStateAt(deadline + 60_000, deadline, timing)).toEqual({ kind: 'expired' });
  });

  it('formats the countdown as m:ss', () => {
    expect(formatCountdown(300)).toBe('5:00');
    expect(formatCountdown(299)).toBe('4:59');
    expect(formatCountdown(59)).toBe('0:59');
    expect(formatCountdown(5)).toBe('0:05');
    expect(formatCountdown(-3)).toBe('0:00');
  });

  it('pings the server at most every min(300 s, idle / 3)', () => {
    expect(keepAliveIntervalMs(timing)).toBe(300_000);
    expect(keepAliveIntervalMs({ ...timing, sessionIdleSeconds: 60 })).toBe(20_000);
  });

  it('pings only when there was activity since the last ping and the interval has passed', () => {
    expect(shouldKeepAlive(400_000, 0, 10_000, 300_000)).toBe(true);
    expect(shouldKeepAlive(200_000, 0, 10_000, 300_000)).toBe(false);
    expect(shouldKeepAlive(400_000, 20_000, 10_000, 300_000)).toBe(false);
  });

  it('keeps the deadline in storage and ignores garbage', () => {
    writeDeadline(window.localStorage, deadline);
    expect(readDeadline(window.localStorage)).toBe(deadline);
    window.localStorage.setItem('sessionDeadline', 'soon');
    expect(readDeadline(window.localStorage)).toBeNull();
    clearDeadline(window.localStorage);
    expect(window.localStorage.getItem('sessionDeadline')).toBeNull();
  });
});
