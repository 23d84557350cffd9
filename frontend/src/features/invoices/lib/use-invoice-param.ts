import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

const PARAM = 'invoice';

/**
 * The invoice open in the drawer, kept in the URL as `?invoice=<id>` beside the list's own parameters: a reload or
 * a link from elsewhere (the Sold list, a payment) opens it. Opening and closing replace the history entry, as the
 * list's filters do.
 */
export function useInvoiceParam() {
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

  /** The search string that opens `invoiceId` with the list as it is ('?status=overdue&invoice=i1'). */
  const searchFor = (invoiceId: string) => {
    const updated = new URLSearchParams(params);
    updated.set(PARAM, invoiceId);
    return `?${updated.toString()}`;
  };

  return { id, open: set, close: () => set(undefined), searchFor };
}
