import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPausableTimer } from '@/lib/pausable-timer';

describe('pausable timer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fires after the duration', () => {
    const done = vi.fn();
    createPausableTimer(5000, done);
    vi.advanceTimersByTime(4999);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('does not count paused time and continues where it stopped', () => {
    const done = vi.fn();
    const timer = createPausableTimer(5000, done);
    vi.advanceTimersByTime(2000);
    timer.pause();
    expect(timer.remainingMs()).toBe(3000);
    vi.advanceTimersByTime(60_000);
    expect(done).not.toHaveBeenCalled();
    timer.resume();
    vi.advanceTimersByTime(2999);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('never fires once cancelled, even when resumed', () => {
    const done = vi.fn();
    const timer = createPausableTimer(1000, done);
    timer.cancel();
    timer.resume();
    vi.advanceTimersByTime(5000);
    expect(done).not.toHaveBeenCalled();
  });
});
