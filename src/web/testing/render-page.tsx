import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Route, Switch } from 'wouter';
import { createQueryClient } from '@web/lib/query-client';
import { startAt } from './address';

/**
 * Renders `element` at `path` (matched by `route`, any address when none) with a fresh query client
 * and a router that also knows /login; answers the client so tests can look at the cache.
 */
export function renderPage(
  element: ReactElement,
  { path = '/', route }: { path?: string; route?: string } = {},
): RenderResult & { queryClient: QueryClient } {
  const queryClient = createQueryClient();
  startAt(path);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <Switch>
        <Route path="/login">
          <p>Login page</p>
        </Route>
        <Route path={route}>{element}</Route>
      </Switch>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
