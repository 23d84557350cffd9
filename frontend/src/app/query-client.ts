import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/api/api-error';

/** Answers from the server are final; only a network failure is retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => !(error instanceof ApiError) && failures < 2,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
