import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink } from 'wouter';
import { useSurveySentT } from '../i18n/sent';

/** After a survey is sent (docs/product.md#surveys): thanks, the way back, and a deliberate way to answer again. */
export function SurveySent({ name, justNow, onAgain }: { name: string; justNow: boolean; onAgain: () => void }) {
  const t = useSurveySentT();
  // The title takes the focus as the thanks appear, so a screen reader reads them.
  useEffect(() => {
    document.getElementById('survey-title')?.focus?.();
  }, []);
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 4 }, px: { xs: 2, sm: 3 } }}>
      <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
        <Typography id="survey-title" component="h1" variant="h1" gutterBottom tabIndex={-1}>
          {justNow ? t('survey.sent.thanks') : t('survey.sent.answeredBefore')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3, overflowWrap: 'anywhere' }}>
          {justNow ? t('survey.sent.saved', { name }) : t('survey.sent.savedEarlier', { name })}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
          <Button component={RouterLink} to="/dashboard" variant="contained" sx={{ minHeight: 44 }}>
            {t('survey.sent.backToDashboard')}
          </Button>
          <Button variant="outlined" onClick={onAgain} sx={{ minHeight: 44 }}>
            {t('survey.sent.answerAgain')}
          </Button>
        </Box>
      </Paper>
    </Container>
  );
}
