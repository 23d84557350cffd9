import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

/**
 * The URL's search parameters, and an update that starts from the newest ones. react-router's functional
 * `setSearchParams(fn)` hands `fn` the parameters of the render that made it, so a callback kept by a timer (a
 * debounced search typed right after a drawer closed) wrote back the address as it was before, and the drawer
 * opened again or the search was lost. Updates replace the history entry unless told otherwise.
 */
export function useSearchParamsUpdate() {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  useLayoutEffect(() => {
    latest.current = params;
  }, [params]);

  const update = useCallback(
    (change: (next: URLSearchParams) => void, options: NavigateOptions = { replace: true }) => {
      const next = new URLSearchParams(latest.current);
      change(next);
      latest.current = next; // a second update before the next render starts from this one
      setParams(next, options);
    },
    [setParams],
  );
  return [params, update] as const;
}
