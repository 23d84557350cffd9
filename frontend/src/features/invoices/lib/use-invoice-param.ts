import { useDrawerParam } from '@/lib/use-drawer-param';

/** The invoice open in the drawer, as `?invoice=<id>`: a reload or a link from elsewhere (the Sold list, a payment) opens it. */
export function useInvoiceParam() {
  return useDrawerParam('invoice');
}
