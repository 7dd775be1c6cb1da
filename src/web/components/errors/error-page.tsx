import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/**
 * The generic error screen (docs/product.md#errors): 'Something went wrong: ' and the message. `fullHeight` false
 * when shown inside the frame, which already provides the page's landmark and height.
 */
export function ErrorPage({ message, fullHeight = true }: { message: string; fullHeight?: boolean }) {
  return (
    <Box
      component={fullHeight ? 'main' : 'div'}
      sx={{
        minHeight: fullHeight ? '100vh' : '60vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
        p: 3,
        textAlign: 'center',
      }}
    >
      <Typography component="h1" variant="h2" role="alert" sx={{ maxWidth: 560, overflowWrap: 'anywhere' }}>
        {`Something went wrong: ${message}`}
      </Typography>
      {/* A full navigation: whatever broke is best left behind with a fresh page. */}
      <Button variant="contained" href="/dashboard">
        Return Home
      </Button>
    </Box>
  );
}
