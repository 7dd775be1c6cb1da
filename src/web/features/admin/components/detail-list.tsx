import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** Shown for a detail the person has not given. */
export const NOT_GIVEN = 'Not given';

/** Label and value pairs as a two-column definition list; a null value reads 'Not given' (a value may be a link). */
export function DetailList({ items }: { items: ReadonlyArray<{ label: string; value: ReactNode }> }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 0.75 }}>
      {items.map(({ label, value }) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" color={value ? 'text.primary' : 'text.secondary'} sx={{ m: 0, fontWeight: value ? 500 : 400, overflowWrap: 'anywhere' }}>
            {value || NOT_GIVEN}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
