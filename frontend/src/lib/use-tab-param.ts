import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The open tab of a detail page, kept in the URL as `?tab=<key>` so that a reload or a shared link opens the
 * same tab. The first tab is the default and leaves the parameter out. A tab change replaces the history entry
 * instead of adding one: Back leaves the page for where it was opened from rather than stepping through tabs.
 * Other parameters (a tab's own, such as the member's vehicle status) are kept.
 */
export function useTabParam<K extends string>(keys: readonly [K, ...K[]]): [K, (key: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = keys.find((key) => key === asked) ?? keys[0];
  const fallback = keys[0];
  const setTab = useCallback(
    (key: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (key === fallback || !keys.includes(key as K)) next.delete('tab');
          else next.set('tab', key);
          return next;
        },
        { replace: true },
      ),
    [setParams, fallback, keys],
  );
  return [tab, setTab];
}
