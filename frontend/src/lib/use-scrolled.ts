import { useSyncExternalStore } from 'react';

export const SCROLL_THRESHOLD_PX = 24;

function subscribe(onChange: () => void) {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

/** True once the page is scrolled past the threshold (the top bar changes style then). */
export function useScrolled(threshold = SCROLL_THRESHOLD_PX): boolean {
  return useSyncExternalStore(subscribe, () => window.scrollY > threshold);
}
