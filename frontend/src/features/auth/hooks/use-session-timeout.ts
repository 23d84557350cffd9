import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { createSessionMonitor } from '@/lib/session-monitor';
import type { SessionTiming } from '@/lib/session-timer';

const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'wheel', 'touchstart', 'click', 'scroll'] as const;
const TICK_MS = 1000;
const ACTIVE = -1;

interface Options {
  timing: SessionTiming;
  /** Refreshes the server session (GET /api/auth/me). */
  keepAlive: () => void;
}

/**
 * Watches user activity and answers the seconds left of the warning countdown: null while active, 0 once expired.
 */
export function useSessionTimeout({ timing, keepAlive }: Options) {
  const monitor = useMemo(() => createSessionMonitor(window.localStorage, timing), [timing]);
  const keepAliveRef = useRef(keepAlive);
  const changedRef = useRef<() => void>(() => undefined);
  useEffect(() => {
    keepAliveRef.current = keepAlive;
  }, [keepAlive]);

  const subscribe = useCallback(
    (onChange: () => void) => {
      changedRef.current = onChange;
      monitor.start(Date.now());
      const onActivity = () => monitor.activity(Date.now());
      ACTIVITY_EVENTS.forEach((name) => window.addEventListener(name, onActivity, { passive: true, capture: true }));
      const tick = window.setInterval(() => {
        if (monitor.takeKeepAlive(Date.now())) keepAliveRef.current();
        onChange();
      }, TICK_MS);
      window.addEventListener('storage', onChange);
      return () => {
        ACTIVITY_EVENTS.forEach((name) => window.removeEventListener(name, onActivity, { capture: true }));
        window.clearInterval(tick);
        window.removeEventListener('storage', onChange);
      };
    },
    [monitor],
  );

  const snapshot = useSyncExternalStore(subscribe, () => {
    const state = monitor.state(Date.now());
    if (state.kind === 'warning') return state.secondsLeft;
    return state.kind === 'expired' ? 0 : ACTIVE;
  });

  const warningOpen = snapshot > 0;
  useEffect(() => {
    if (!warningOpen) return;
    monitor.markKeepAlive(Date.now());
    keepAliveRef.current();
  }, [warningOpen, monitor]);

  const stayLoggedIn = useCallback(() => {
    const now = Date.now();
    monitor.reset(now);
    monitor.markKeepAlive(now);
    keepAliveRef.current();
    changedRef.current();
  }, [monitor]);

  return { secondsLeft: snapshot === ACTIVE ? null : snapshot, stayLoggedIn };
}
