import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import type { Brand } from '@shared/brands.js';
import { AppErrorBoundary } from '@web/components/errors/app-error-boundary';
import { NotificationHost } from '@web/components/ui/notification-host';
import { BrandContext } from '@web/lib/brand';
import { createBrandTheme } from '@web/lib/theme';
import { useColorMode } from '@web/stores/color-scheme-store';

/**
 * Everything the screens rely on: brand and its theme in the colour scheme of the device or the
 * member's choice, notification bar. Client state lives
 * in the page-wide stores of src/web/stores and the features' own stores; the query client arrives
 * with the first screen that needs it (./query-root).
 */
export function AppProvider({ brand, children }: { brand: Brand; children: ReactNode }) {
  const mode = useColorMode();
  const theme = useMemo(() => createBrandTheme(brand, mode), [brand, mode]);

  return (
    <BrandContext value={brand}>
      <ThemeProvider theme={theme}>
        {/* `color-scheme` on the page too, so scroll bars and the browser's own controls follow. */}
        <CssBaseline enableColorScheme />
        <AppErrorBoundary>
          {children}
          <NotificationHost />
        </AppErrorBoundary>
      </ThemeProvider>
    </BrandContext>
  );
}
