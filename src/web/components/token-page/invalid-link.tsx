import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/**
 * What an unknown or expired link token shows (a 404 on the page's first call): a friendly
 * explanation and what to do next, inside the branded card.
 */
export function InvalidLink() {
  return (
    <Stack spacing={1.5} sx={{ textAlign: 'center', py: 2 }}>
      <Typography component="h1" variant="h2">
        This link has expired or is not valid
      </Typography>
      <Typography color="text.secondary">Ask your manager to send you a new one.</Typography>
    </Stack>
  );
}
