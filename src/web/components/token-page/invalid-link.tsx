import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTokenPageT } from './i18n';

/**
 * What an unknown or expired link token shows (a 404 on the page's first call): a friendly
 * explanation and what to do next, inside the branded card.
 */
export function InvalidLink() {
  const t = useTokenPageT();
  return (
    <Stack spacing={1.5} sx={{ textAlign: 'center', py: 2 }}>
      <Typography component="h1" variant="h2">
        {t('tokenPage.invalid.heading')}
      </Typography>
      <Typography color="text.secondary">{t('tokenPage.invalid.next')}</Typography>
    </Stack>
  );
}
