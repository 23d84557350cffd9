import { useDrawerParam } from '@/lib/use-drawer-param';

/** The message open in the drawer, as `?message=<id>`: a reload or a link from a member's page opens it. */
export function useMessageParam() {
  return useDrawerParam('message');
}
