import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useBrand } from '../../lib/brand';

/** Placeholder for the link-token pages (onboarding, contract, agreement), outside the frame. */
export default function TokenPlaceholderRoute({ title }: { title: string }) {
  const brand = useBrand();
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 4 }, borderRadius: 3, textAlign: 'center' }}>
        <Box sx={{ bgcolor: 'primary.main', borderRadius: 2, py: 3, mb: 3, display: 'flex', justifyContent: 'center' }}>
          <Box component="img" src={brand.logo} alt={brand.name} sx={{ height: 48, width: 'auto', maxWidth: '100%' }} />
        </Box>
        <Typography component="h1" variant="h1" gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary">Coming soon</Typography>
      </Paper>
    </Box>
  );
}
