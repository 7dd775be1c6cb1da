import { QueryClient } from '@tanstack/react-query';

/**
 * A query client with the docs/product.md#wire-conventions defaults: nothing is retried (a 403 must reach the page at once)
 * and nothing is refetched when the window regains focus.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
