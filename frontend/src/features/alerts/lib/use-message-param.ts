import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

const PARAM = 'message';

/**
 * The message open in the drawer, kept in the URL as `?message=<id>` beside the list's parameters: a reload or a link
 * from a member's page opens it. Opening and closing replace the history entry, as the list's filters do.
 */
export function useMessageParam() {
  const [params, setParams] = useSearchParams();
  const id = params.get(PARAM) ?? undefined;
  const set = useCallback(
    (next: string | undefined) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next) updated.set(PARAM, next);
          else updated.delete(PARAM);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { id, open: set, close: () => set(undefined) };
}
