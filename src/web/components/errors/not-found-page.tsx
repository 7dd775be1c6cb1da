import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'wouter';

/** The not-found screen (docs/product.md#errors): heading 'Page Not Found' and 'Return Home' to /dashboard. */
export function NotFoundPage() {
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, p: 3, textAlign: 'center' }}
    >
      <Typography component="h1" variant="h1">
        Page Not Found
      </Typography>
      <Typography color="text.secondary">The page you were looking for does not exist or has moved.</Typography>
      <Button variant="contained" component={RouterLink} to="/dashboard" sx={{ mt: 1 }}>
        Return Home
      </Button>
    </Box>
  );
}
