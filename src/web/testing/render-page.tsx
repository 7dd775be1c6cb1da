import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { createQueryClient } from '@web/lib/query-client';

/**
 * Renders `element` at `path` (matched by `route`) with a fresh query client and a router that
 * also knows /login; answers the client so tests can look at the cache.
 */
export function renderPage(
  element: ReactElement,
  { path = '/', route = '*' }: { path?: string; route?: string } = {},
): RenderResult & { queryClient: QueryClient } {
  const queryClient = createQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={element} />
          <Route path="/login" element={<p>Login page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
