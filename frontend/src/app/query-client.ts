import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/api/api-error';
import { reviewBadgesQueryKey } from '@/api/review-badges';

/** Answers from the server are final; only a network failure is retried. */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    // Any change may move a member or a vehicle in or out of review: the top bar's badges look again.
    mutationCache: new MutationCache({
      onSuccess: () => {
        void client.invalidateQueries({ queryKey: reviewBadgesQueryKey });
      },
    }),
    defaultOptions: {
      queries: {
        retry: (failures, error) => !(error instanceof ApiError) && failures < 2,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
