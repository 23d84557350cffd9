import { queryOptions } from '@tanstack/react-query';
import { bidderRequest } from '@/bidder/api/client';
import { bidderKeys } from '@/bidder/api/keys';
import type { BuyingPower, Purchases } from '@/bidder/api/types';

/** GET /api/bidder/buying-power. */
export const buyingPowerQuery = queryOptions({
  queryKey: bidderKeys.buyingPower,
  queryFn: ({ signal }) => bidderRequest<BuyingPower>('/buying-power', { signal }),
});

/** GET /api/bidder/purchases: what I bought and what I owe (read-only). */
export const purchasesQuery = queryOptions({
  queryKey: bidderKeys.purchases,
  queryFn: ({ signal }) => bidderRequest<Purchases>('/purchases', { signal }),
});
