import { useSyncExternalStore } from 'react';
import { isBusy, subscribeBusy } from '@/api/busy';

export function useBusy(): boolean {
  return useSyncExternalStore(subscribeBusy, isBusy);
}
