import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { StaffMember } from '@shared/api/my-details.js';
import { ME_QUERY_KEY } from '@web/lib/me-query-key';
import { createQueryClient } from '@web/lib/query-client';
import { startAt, type Address } from './address';

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
 * Renders a signed-in page: a query client whose cache holds `staff` as the signed-in member, and
 * the browser at `at` (default '/'). Client state is in the page's stores, fresh for every test.
 */
export function renderSignedIn(
  page: (staff: StaffMember) => ReactElement,
  staff: StaffMember,
  at: Address = '/',
): RenderResult & { queryClient: QueryClient } {
  const queryClient = createQueryClient();
  queryClient.setQueryData(ME_QUERY_KEY, staff);
  startAt(at);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <CachedMe page={page} />
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
