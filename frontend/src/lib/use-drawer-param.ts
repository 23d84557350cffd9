import { useCallback } from 'react';
import { useSearchParamsUpdate } from '@/lib/use-search-params-update';

/**
 * The record open in a list's drawer, kept in the URL as `?<name>=<id>` beside the list's own parameters: a reload or
 * a link from elsewhere opens it. Opening and closing replace the history entry, as the list's filters do.
 */
export function useDrawerParam(name: string) {
  const [params, update] = useSearchParamsUpdate();
  const id = params.get(name) ?? undefined;

  const set = useCallback(
    (next: string | undefined) =>
      update((updated) => {
        if (next) updated.set(name, next);
        else updated.delete(name);
      }),
    [name, update],
  );

  /** The search string that opens `recordId` with the list as it is ('?status=overdue&invoice=i1'). */
  const searchFor = (recordId: string) => {
    const updated = new URLSearchParams(params);
    updated.set(name, recordId);
    return `?${updated.toString()}`;
  };

  return { id, open: set, close: () => set(undefined), searchFor };
}
