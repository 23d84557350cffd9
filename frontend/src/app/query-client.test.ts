import { MutationObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { reviewBadgesQueryKey } from '@/api/review-badges';
import { createQueryClient } from '@/app/query-client';

describe('query client', () => {
  it('marks the review badges stale after any successful change', async () => {
    const client = createQueryClient();
    client.setQueryData(reviewBadgesQueryKey, { membersPending: 3, vehiclesReview: 0 });
    expect(client.getQueryState(reviewBadgesQueryKey)?.isInvalidated).toBe(false);
    await new MutationObserver(client, { mutationFn: async () => 'done' }).mutate();
    expect(client.getQueryState(reviewBadgesQueryKey)?.isInvalidated).toBe(true);
  });

  it('leaves them alone when a change fails', async () => {
    const client = createQueryClient();
    client.setQueryData(reviewBadgesQueryKey, { membersPending: 3, vehiclesReview: 0 });
    const failing = new MutationObserver(client, { mutationFn: () => Promise.reject(new Error('refused')) });
    await expect(failing.mutate()).rejects.toThrow('refused');
    expect(client.getQueryState(reviewBadgesQueryKey)?.isInvalidated).toBe(false);
  });
});
