import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface DetailListProps {
  /** Label and value pairs, one a row; a value may be text or an element (a link). */
  items: ReadonlyArray<{ label: string; value: ReactNode }>;
  /** Shown, muted, for a value that is null or empty (the console's 'Not given'); without it the value shows as it is. */
  empty?: string;
}

/** Label and value pairs as a two-column definition list: a vehicle's details, a person's in the console. */
export function DetailList({ items, empty }: DetailListProps) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 0.75 }}
    >
      {items.map(({ label, value }) => {
        const missing = empty !== undefined && (value === null || value === undefined || value === '');
        return (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              color={missing ? 'text.secondary' : 'text.primary'}
              sx={{ m: 0, fontWeight: missing ? 400 : 500, overflowWrap: 'anywhere' }}
            >
              {missing ? empty : value}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
