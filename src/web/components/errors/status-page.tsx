import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'wouter';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { useCommonErrorsT } from './i18n';

/** A whole-page message with a heading, a line of text and 'Return Home' to /dashboard (docs/product.md#errors). */
export function StatusPage({ heading, text }: { heading: string; text: string }) {
  const t = useCommonErrorsT();
  useDocumentTitle(heading);
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        p: 3,
        textAlign: 'center',
      }}
    >
      <Typography component="h1" variant="h1">
        {heading}
      </Typography>
      <Typography color="text.secondary">{text}</Typography>
      <Button variant="contained" component={RouterLink} to="/dashboard" sx={{ mt: 1, minHeight: 44 }}>
        {t('common.errors.returnHome')}
      </Button>
    </Box>
  );
}
