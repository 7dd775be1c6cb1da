import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { meQueryOptions } from '@web/features/auth/api/get-me';
import { createQueryClient } from '@web/lib/query-client';

/** The signed-in screens and `/`, which load the staff member before anything else (docs/product.md#frame). */
const LOADS_STAFF_FIRST = /^\/(|dashboard|my-details|vehicle-management|team-discount|team-apps|survey\/[^/]+)$/;

/**
 * The page's one query client, made when the first screen that needs it loads. On a page that
 * needs the staff member it asks for them at once, so the call runs while the screen's code is
 * still arriving rather than after it.
 */
const queryClient = createQueryClient();
if (LOADS_STAFF_FIRST.test(window.location.pathname)) void queryClient.prefetchQuery(meQueryOptions());

/**
 * TanStack Query for every screen but sign-in: its own chunk, so that /login, which makes its two
 * calls without it, does not download it (docs/decisions/0010-lean-first-load.md).
 */
export default function QueryRoot({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
