import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** A spinner centred in the space it is given, announced as "Loading". */
export function Spinner({ minHeight = 240 }: { minHeight?: number | string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight, width: '100%' }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}
