import { describe, expect, it } from 'vitest';
import { createSessionMonitor } from '@/lib/session-monitor';
import { readDeadline, writeDeadline } from '@/lib/session-timer';

const timing = { inactivitySeconds: 60, warningSeconds: 30, sessionIdleSeconds: 120 };
const storage = () => window.localStorage;

describe('session monitor', () => {
  it('writes a first deadline on start', () => {
    createSessionMonitor(storage(), timing).start(0);
    expect(readDeadline(storage())).toBe(90_000);
  });

  it('continues a stored deadline after a reload', () => {
    writeDeadline(storage(), 50_000);
    const monitor = createSessionMonitor(storage(), timing);
    monitor.start(40_000);
    expect(monitor.state(40_000)).toEqual({ kind: 'warning', secondsLeft: 10 });
  });

  it('extends the deadline on activity while active', () => {
    const monitor = createSessionMonitor(storage(), timing);
    monitor.start(0);
    monitor.activity(50_000);
    expect(readDeadline(storage())).toBe(140_000);
    expect(monitor.state(100_000)).toEqual({ kind: 'active' });
  });

  it('ignores activity once the warning is open; "keep me logged in" resets', () => {
    const monitor = createSessionMonitor(storage(), timing);
    monitor.start(0);
    monitor.activity(70_000);
    expect(monitor.state(70_000)).toEqual({ kind: 'warning', secondsLeft: 20 });
    monitor.reset(71_000);
    expect(monitor.state(71_000)).toEqual({ kind: 'active' });
    expect(readDeadline(storage())).toBe(161_000);
  });

  it('expires when nobody comes back', () => {
    const monitor = createSessionMonitor(storage(), timing);
    monitor.start(0);
    expect(monitor.state(90_000)).toEqual({ kind: 'expired' });
  });

  it('asks for a keep-alive only after activity and the interval (40 s here)', () => {
    const monitor = createSessionMonitor(storage(), timing);
    monitor.start(0);
    expect(monitor.takeKeepAlive(45_000)).toBe(false);
    monitor.activity(10_000);
    expect(monitor.takeKeepAlive(30_000)).toBe(false);
    expect(monitor.takeKeepAlive(45_000)).toBe(true);
    expect(monitor.takeKeepAlive(100_000)).toBe(false);
  });
});
