import { QueryClient } from '@tanstack/react-query';

/**
 * A query client with the docs/product.md#wire-conventions defaults: nothing is retried (a 403 must reach the page at once)
 * and nothing is refetched when the window regains focus. A query is sent even while the browser says
 * it is offline (`networkMode: 'always'`): it then fails at once as a call with no answer, and the page
 * shows the offline notice (docs/product.md#frame) instead of a spinner waiting for the signal to return.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, networkMode: 'always' },
      mutations: { retry: false },
    },
  });
}
