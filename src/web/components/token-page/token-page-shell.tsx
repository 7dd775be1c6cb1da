import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { useBrand } from '@web/lib/brand';

export interface TokenPageShellProps {
  children: ReactNode;
  /** Widest the card grows, in px: forms and documents need more room than a message. */
  maxWidth?: number;
}

/**
 * The branded card of the link-token pages (docs/product.md#documents onboarding, contract and agreement pages),
 * outside the signed-in frame: the brand logo on a band of the primary colour (the banner), then
 * the page. Edge to edge on phones so a 390 px screen keeps its width for the signature pad.
 */
export function TokenPageShell({ children, maxWidth = 760 }: TokenPageShellProps) {
  const brand = useBrand();
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        bgcolor: 'background.default',
        display: 'flex',
        alignItems: { xs: 'stretch', sm: 'center' },
        justifyContent: 'center',
        p: { xs: 0, sm: 3 },
      }}
    >
      <Paper
        variant="outlined"
        sx={{
          width: '100%',
          maxWidth,
          borderRadius: { xs: 0, sm: 3 },
          borderWidth: { xs: 0, sm: 1 },
          overflow: 'hidden',
        }}
      >
        <Box
          sx={{
            bgcolor: 'banner',
            // Printed as shown: the logo is drawn for this colour.
            printColorAdjust: 'exact',
            py: { xs: 3, sm: 4 },
            px: 3,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          <Box component="img" src={brand.logo} alt={brand.name} sx={{ height: 48, width: 'auto', maxWidth: '100%' }} />
        </Box>
        <Box sx={{ px: { xs: 2, sm: 4 }, py: { xs: 3, sm: 4 } }}>{children}</Box>
      </Paper>
    </Box>
  );
}
