/**
 * Inactivity logout (SPEC.md section 4), free of React and the DOM so it can be tested with plain numbers.
 * The deadline is the moment the session ends; the warning opens `warningSeconds` before it. It lives in
 * localStorage so a reload, or another tab, continues the same countdown.
 */
export interface SessionTiming {
  inactivitySeconds: number;
  warningSeconds: number;
  sessionIdleSeconds: number;
}

export type SessionState = { kind: 'active' } | { kind: 'warning'; secondsLeft: number } | { kind: 'expired' };

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const DEFAULT_TIMING: SessionTiming = { inactivitySeconds: 1800, warningSeconds: 300, sessionIdleSeconds: 1800 };
export const DEADLINE_KEY = 'sessionDeadline';
/** Activity extends the deadline at most this often, so mouse moves do not write storage constantly. */
export const ACTIVITY_WRITE_MS = 1000;

export function nextDeadline(now: number, timing: SessionTiming): number {
  return now + (timing.inactivitySeconds + timing.warningSeconds) * 1000;
}

export function sessionStateAt(now: number, deadline: number, timing: SessionTiming): SessionState {
  const msLeft = deadline - now;
  if (msLeft <= 0) return { kind: 'expired' };
  if (msLeft > timing.warningSeconds * 1000) return { kind: 'active' };
  return { kind: 'warning', secondsLeft: Math.ceil(msLeft / 1000) };
}

/** m:ss, never negative. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The server ends a session after sessionIdleSeconds without a request: ping well before that. */
export function keepAliveIntervalMs(timing: SessionTiming): number {
  return Math.max(1, Math.min(300, timing.sessionIdleSeconds / 3)) * 1000;
}

export function shouldKeepAlive(now: number, lastPingAt: number, lastActivityAt: number, intervalMs: number): boolean {
  return lastActivityAt > lastPingAt && now - lastPingAt >= intervalMs;
}

export function readDeadline(storage: KeyValueStorage): number | null {
  const raw = storage.getItem(DEADLINE_KEY);
  const value = raw === null ? NaN : Number(raw);
  return Number.isFinite(value) ? value : null;
}

export function writeDeadline(storage: KeyValueStorage, deadline: number): void {
  storage.setItem(DEADLINE_KEY, String(deadline));
}

export function clearDeadline(storage: KeyValueStorage): void {
  storage.removeItem(DEADLINE_KEY);
}
