import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface SetupRowProps {
  title: ReactNode;
  /** A line under the title (brand, people, dates). */
  detail?: ReactNode;
  /** Chips beside the title (Archived, Revoked). */
  chips?: ReactNode;
  /** Buttons; they wrap under the text on a phone. */
  actions?: ReactNode;
  children?: ReactNode;
}

/**
 * One thing in a Set-up list (docs/product.md#set-up): its name, chips and a detail line, its actions
 * beside it from `sm` up and under it on a phone, so nothing scrolls sideways at 390 px.
 */
export function SetupRow({ title, detail, chips, actions, children }: SetupRowProps) {
  return (
    <Box
      component="li"
      sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 }, listStyle: 'none' }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {title}
            </Typography>
            {chips}
          </Stack>
          {detail && (
            <Typography variant="body2" color="text.secondary">
              {detail}
            </Typography>
          )}
        </Box>
        {actions && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', flexShrink: 0 }}>
            {actions}
          </Stack>
        )}
      </Stack>
      {children}
    </Box>
  );
}

/** The list around SetupRows. */
export function SetupList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="ul" aria-label={label} sx={{ m: 0, p: 0 }}>
      {children}
    </Box>
  );
}
