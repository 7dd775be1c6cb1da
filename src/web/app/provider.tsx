import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import type { Brand } from '@shared/brands.js';
import { AppErrorBoundary } from '@web/components/errors/app-error-boundary';
import { NotificationHost } from '@web/components/ui/notification-host';
import { meQueryOptions } from '@web/features/auth/api/get-me';
import { BrandContext } from '@web/lib/brand';
import { createQueryClient } from '@web/lib/query-client';
import { createBrandTheme } from '@web/lib/theme';
import { createStore } from './store';

/** The signed-in screens and `/`, which load the staff member before anything else (docs/product.md#frame). */
const LOADS_STAFF_FIRST = /^\/(|dashboard|my-details|vehicle-management|team-discount|team-apps|survey\/[^/]+)$/;

/**
 * A query client that already asks for the staff member when the page is one that needs it, so the
 * call runs while the screen's code is still arriving rather than after it.
 */
function createStartedQueryClient() {
  const client = createQueryClient();
  if (LOADS_STAFF_FIRST.test(window.location.pathname)) void client.prefetchQuery(meQueryOptions());
  return client;
}

/** Everything the screens rely on: brand and its theme, store, query client, notification bar. */
export function AppProvider({ brand, children }: { brand: Brand; children: ReactNode }) {
  const [store] = useState(createStore);
  const [queryClient] = useState(createStartedQueryClient);
  const theme = useMemo(() => createBrandTheme(brand), [brand]);

  return (
    <BrandContext value={brand}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <AppErrorBoundary>
          <ReduxProvider store={store}>
            <QueryClientProvider client={queryClient}>
              {children}
              <NotificationHost />
            </QueryClientProvider>
          </ReduxProvider>
        </AppErrorBoundary>
      </ThemeProvider>
    </BrandContext>
  );
}
