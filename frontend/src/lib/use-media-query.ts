import { useCallback, useSyncExternalStore } from 'react';

export const MOBILE_QUERY = '(max-width: 1024px)';
/** The person asked their system for less motion (also what the end-to-end browser asks for). */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
