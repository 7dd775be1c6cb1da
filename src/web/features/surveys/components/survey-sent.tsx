import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink } from 'wouter';

/** After a survey is sent (docs/product.md#surveys): thanks, the way back, and a deliberate way to answer again. */
export function SurveySent({ name, justNow, onAgain }: { name: string; justNow: boolean; onAgain: () => void }) {
  // The title takes the focus as the thanks appear, so a screen reader reads them.
  useEffect(() => {
    document.getElementById('survey-title')?.focus?.();
  }, []);
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 4 }, px: { xs: 2, sm: 3 } }}>
      <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
        <Typography id="survey-title" component="h1" variant="h1" gutterBottom tabIndex={-1}>
          {justNow ? 'Thank you' : 'You have already answered this survey'}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3, overflowWrap: 'anywhere' }}>
          {justNow
            ? `Your answers to ${name} are saved.`
            : `Your answers to ${name} were saved earlier. You can send another set if you need to.`}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
          <Button component={RouterLink} to="/dashboard" variant="contained" sx={{ minHeight: 44 }}>
            Back to the dashboard
          </Button>
          <Button variant="outlined" onClick={onAgain} sx={{ minHeight: 44 }}>
            Answer again
          </Button>
        </Box>
      </Paper>
    </Container>
  );
}
