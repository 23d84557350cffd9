import { moneyKey } from '@/api/money-key';

/** Every report query starts with this key (under the money key that every money change invalidates). */
export const reportsKey = [...moneyKey, 'reports'] as const;
