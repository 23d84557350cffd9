import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The record open in a list's drawer, kept in the URL as `?<name>=<id>` beside the list's own parameters: a reload or
 * a link from elsewhere opens it. Opening and closing replace the history entry, as the list's filters do.
 */
export function useDrawerParam(name: string) {
  const [params, setParams] = useSearchParams();
  const id = params.get(name) ?? undefined;

  const set = useCallback(
    (next: string | undefined) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next) updated.set(name, next);
          else updated.delete(name);
          return updated;
        },
        { replace: true },
      ),
    [name, setParams],
  );

  /** The search string that opens `recordId` with the list as it is ('?status=overdue&invoice=i1'). */
  const searchFor = (recordId: string) => {
    const updated = new URLSearchParams(params);
    updated.set(name, recordId);
    return `?${updated.toString()}`;
  };

  return { id, open: set, close: () => set(undefined), searchFor };
}
