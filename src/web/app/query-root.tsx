import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { meQueryOptions, ME_QUERY_KEY, takeEmbeddedMe } from '@web/features/auth/api/get-me';
import {
  discountStatusKey,
  discountStatusQueryOptions,
  takeEmbeddedDiscountStatus,
} from '@web/features/team-discount/api/get-discount-status';
import { createQueryClient } from '@web/lib/query-client';

/** The signed-in screens and `/`, which load the staff member before anything else (docs/product.md#frame). */
const LOADS_STAFF_FIRST =
  /^\/(|dashboard|my-details|vehicle-management|team-discount|team-apps|survey\/[^/]+|admin(\/people(\/[^/]+)?)?\/?)$/;

/**
 * The page's one query client, made when the first screen that needs it loads. On a page that
 * needs the staff member it starts with the member the page carries (the server writes them in when
 * the browser is signed in), or else asks for them at once, so the call runs while the screen's code
 * is still arriving rather than after it.
 */
const queryClient = createQueryClient();
/** How long a carried card must still be valid to be shown as it came. */
const CARD_MARGIN_MS = 5_000;
// The server decides which pages carry the member (src/server/plugins/route-preloads.ts).
const embedded = takeEmbeddedMe();
if (embedded) {
  queryClient.setQueryData(ME_QUERY_KEY, embedded);
  // The card is the page: the page carries it too, or else, with the member at hand, its call need not
  // wait for the screen's code either.
  if (window.location.pathname === '/team-discount') {
    const card = takeEmbeddedDiscountStatus();
    // A card whose code window ended while the code was arriving is asked for again at once.
    if (card && Date.parse(card.expires) > Date.now() + CARD_MARGIN_MS)
      queryClient.setQueryData(discountStatusKey(embedded), card);
    else void queryClient.prefetchQuery(discountStatusQueryOptions(embedded));
  }
} else if (LOADS_STAFF_FIRST.test(window.location.pathname)) {
  void queryClient.prefetchQuery(meQueryOptions());
}

/**
 * TanStack Query for every screen but sign-in: its own chunk, so that /login, which makes its two
 * calls without it, does not download it (docs/decisions/0010-lean-first-load.md).
 */
export default function QueryRoot({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
