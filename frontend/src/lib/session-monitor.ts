import {
  ACTIVITY_WRITE_MS,
  keepAliveIntervalMs,
  nextDeadline,
  readDeadline,
  sessionStateAt,
  shouldKeepAlive,
  writeDeadline,
  type KeyValueStorage,
  type SessionState,
  type SessionTiming,
} from '@/lib/session-timer';

export interface SessionMonitor {
  /** Begins watching: writes a first deadline unless one is stored (a reload keeps the old one). */
  start(now: number): void;
  /** A user event: extends the deadline while no warning is open. */
  activity(now: number): void;
  /** "Keep me logged in": a fresh deadline even while the warning is open. */
  reset(now: number): void;
  state(now: number): SessionState;
  /** True when the server session should be refreshed now; records the ping when it answers true. */
  takeKeepAlive(now: number): boolean;
  /** Records a ping made for another reason (warning opened, keep me logged in). */
  markKeepAlive(now: number): void;
}

/** Ties the pure timer functions to a storage and the last activity and ping times. */
export function createSessionMonitor(storage: KeyValueStorage, timing: SessionTiming): SessionMonitor {
  let lastWrite = 0;
  let lastActivity = 0;
  let lastPing = 0;
  const interval = keepAliveIntervalMs(timing);

  const deadline = (now: number) => readDeadline(storage) ?? nextDeadline(now, timing);

  return {
    start(at) {
      lastActivity = at;
      lastPing = at;
      if (readDeadline(storage) === null) writeDeadline(storage, nextDeadline(at, timing));
    },
    activity(at) {
      if (sessionStateAt(at, deadline(at), timing).kind !== 'active') return;
      lastActivity = at;
      if (at - lastWrite < ACTIVITY_WRITE_MS) return;
      lastWrite = at;
      writeDeadline(storage, nextDeadline(at, timing));
    },
    reset(at) {
      lastActivity = at;
      lastWrite = at;
      writeDeadline(storage, nextDeadline(at, timing));
    },
    state: (at) => sessionStateAt(at, deadline(at), timing),
    takeKeepAlive(at) {
      if (!shouldKeepAlive(at, lastPing, lastActivity, interval)) return false;
      lastPing = at;
      return true;
    },
    markKeepAlive(at) {
      lastPing = at;
    },
  };
}
