import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, type InitialEntry } from 'react-router';
import type { StaffMember } from '@shared/api/my-details.js';
import { createStore, type AppStore } from '@web/app/store';
import { ME_QUERY_KEY } from '@web/lib/me-query-key';
import { createQueryClient } from '@web/lib/query-client';

/** Renders `page` with the staff member as the cache holds it now, re-rendering when a save replaces it. */
function CachedMe({ page }: { page: (staff: StaffMember) => ReactElement }) {
  const { data } = useQuery<StaffMember>({
    queryKey: ME_QUERY_KEY,
    queryFn: () => Promise.reject(new Error('The test did not put a staff member in the cache')),
    staleTime: Infinity,
  });
  return data ? page(data) : null;
}

/**
 * Renders a signed-in page: the app's store (notification bar state at `store.getState()`), a
 * query client whose cache holds `staff` as the signed-in member, and a router at `at` (default '/').
 */
export function renderSignedIn(
  page: (staff: StaffMember) => ReactElement,
  staff: StaffMember,
  at: InitialEntry = '/',
): RenderResult & { store: AppStore; queryClient: QueryClient } {
  const store = createStore();
  const queryClient = createQueryClient();
  queryClient.setQueryData(ME_QUERY_KEY, staff);
  const result = render(
    <Provider store={store}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[at]}>
          <CachedMe page={page} />
        </MemoryRouter>
      </QueryClientProvider>
    </Provider>,
  );
  return { ...result, store, queryClient };
}
