import { useCallback, useSyncExternalStore } from 'react';

/** Whole seconds left until `until` (epoch ms), ticking every second; 0 once it has passed. */
export function useCountdown(until: number): number {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const handle = window.setInterval(onChange, 250);
      return () => window.clearInterval(handle);
    },
    [],
  );
  return useSyncExternalStore(subscribe, () => Math.max(0, Math.ceil((until - Date.now()) / 1000)));
}
