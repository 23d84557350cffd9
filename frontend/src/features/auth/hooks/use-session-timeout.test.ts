import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionTimeout } from '@/features/auth/hooks/use-session-timeout';
import { readDeadline } from '@/lib/session-timer';

const timing = { inactivitySeconds: 10, warningSeconds: 5, sessionIdleSeconds: 30 };

function setup() {
  const keepAlive = vi.fn();
  const hook = renderHook(() => useSessionTimeout({ timing, keepAlive }));
  return { keepAlive, hook };
}

const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('useSessionTimeout', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  it('opens the warning after the inactivity time and counts down to zero', () => {
    const { hook, keepAlive } = setup();
    expect(hook.result.current.secondsLeft).toBeNull();
    wait(10_000);
    expect(hook.result.current.secondsLeft).toBe(5);
    expect(keepAlive).toHaveBeenCalledTimes(1);
    wait(2_000);
    expect(hook.result.current.secondsLeft).toBe(3);
    wait(3_000);
    expect(hook.result.current.secondsLeft).toBe(0);
  });

  it('is kept active by user events', () => {
    const { hook } = setup();
    wait(8_000);
    act(() => window.dispatchEvent(new KeyboardEvent('keydown')));
    wait(8_000);
    expect(hook.result.current.secondsLeft).toBeNull();
  });

  it('ignores user events during the warning; "Keep me logged in" resets and pings the server', () => {
    const { hook, keepAlive } = setup();
    wait(11_000);
    act(() => window.dispatchEvent(new MouseEvent('mousemove')));
    expect(hook.result.current.secondsLeft).toBe(4);
    act(() => hook.result.current.stayLoggedIn());
    expect(hook.result.current.secondsLeft).toBeNull();
    expect(keepAlive).toHaveBeenCalledTimes(2);
    expect(readDeadline(window.localStorage)).toBe(Date.now() + 15_000);
  });

  it('continues the countdown stored by an earlier page load', () => {
    window.localStorage.setItem('sessionDeadline', String(Date.now() + 3_000));
    const { hook } = setup();
    wait(1_000);
    expect(hook.result.current.secondsLeft).toBe(2);
  });

  it('keeps the server session alive while the user is active', () => {
    const { keepAlive } = setup();
    for (let second = 0; second < 12; second += 1) {
      act(() => window.dispatchEvent(new MouseEvent('click')));
      wait(1_000);
    }
    // idle 30 s -> a ping at most every 10 s, only after activity
    expect(keepAlive).toHaveBeenCalledTimes(1);
  });
});
