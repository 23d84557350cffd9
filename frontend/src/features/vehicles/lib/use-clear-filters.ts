import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Removes several list filters from the URL in one navigation (and goes back to page 1). Calling the list's
 * setFilter once per key would not do: each call starts from the same URL, so only the last one would stick.
 */
export function useClearFilters() {
  const [, setParams] = useSearchParams();
  return useCallback(
    (keys: readonly string[]) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          [...keys, 'page'].forEach((key) => next.delete(key));
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
}
