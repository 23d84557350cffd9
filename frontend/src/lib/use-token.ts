import { useSyncExternalStore } from 'react';
import { getToken, subscribeToken } from '@/lib/token-storage';

/** The current session token, re-rendering when it is saved or cleared. */
export function useToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken);
}
