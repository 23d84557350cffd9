import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

export type ReviewBadges = components['schemas']['ReviewBadges'];

/** Every successful change invalidates this key (app/query-client.ts): it may move a record in or out of review. */
export const reviewBadgesQueryKey = ['dashboard', 'review-badges'] as const;

/** GET /api/dashboard/review-badges: members and vehicles waiting for review; null for a module the role may not view. */
export function useReviewBadges() {
  return useQuery(
    queryOptions({
      queryKey: reviewBadgesQueryKey,
      queryFn: () => apiRequest<ReviewBadges>('/dashboard/review-badges', { silent: true }),
      // Other staff review too: look again when the window regains focus. No polling: every request extends the
      // session on the server, and a background timer must not keep an unattended session alive.
      refetchOnWindowFocus: true,
      staleTime: 30_000,
    }),
  );
}
