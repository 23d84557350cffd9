import { useEffect, useState } from 'react';

/** The preview waits this long after the last keystroke before it asks the server. */
export const PREVIEW_DELAY_MS = 400;

/** `value` once it has stopped changing for `delay` ms (the first value at once). */
export function useDebouncedValue<T>(value: T, delay = PREVIEW_DELAY_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
