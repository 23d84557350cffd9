import { queryOptions } from '@tanstack/react-query';
import { bidderRequest } from '@/bidder/api/client';
import { bidderKeys } from '@/bidder/api/keys';
import type { BidderMe } from '@/bidder/api/types';

export interface SignedIn {
  token: string;
  bidder: BidderMe;
}

/** POST /api/bidder/sign-in: sends a code to the address (the same answer whether or not it is a member's). */
export function requestCode(address: string): Promise<{ message: string }> {
  return bidderRequest('/sign-in', { method: 'POST', body: { address } });
}

/** POST /api/bidder/verify: the code for a bidder session. */
export function verifyCode(address: string, code: string): Promise<SignedIn> {
  return bidderRequest('/verify', { method: 'POST', body: { address, code } });
}

/** POST /api/bidder/sign-out. */
export function signOut(): Promise<unknown> {
  return bidderRequest('/sign-out', { method: 'POST' });
}

/** GET /api/bidder/me. */
export const meQuery = queryOptions({
  queryKey: bidderKeys.me,
  queryFn: async ({ signal }) => (await bidderRequest<{ bidder: BidderMe }>('/me', { signal })).bidder,
  staleTime: 5 * 60_000,
});
