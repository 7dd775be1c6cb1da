import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import type { Brand } from '@shared/brands.js';
import { AppErrorBoundary } from '@web/components/errors/app-error-boundary';
import { NotificationHost } from '@web/components/ui/notification-host';
import { BrandContext } from '@web/lib/brand';
import { createBrandTheme } from '@web/lib/theme';

/**
 * Everything the screens rely on: brand and its theme, notification bar. Client state lives
 * in the page-wide stores of src/web/stores and the features' own stores; the query client arrives
 * with the first screen that needs it (./query-root).
 */
export function AppProvider({ brand, children }: { brand: Brand; children: ReactNode }) {
  const theme = useMemo(() => createBrandTheme(brand), [brand]);

  return (
    <BrandContext value={brand}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <AppErrorBoundary>
          {children}
          <NotificationHost />
        </AppErrorBoundary>
      </ThemeProvider>
    </BrandContext>
  );
}
