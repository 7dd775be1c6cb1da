import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useOnboardingT } from '../i18n';

/**
 * The two centred welcome paragraphs above the details form (docs/product.md#onboarding onboarding details form;
 * the company is called 'the company').
 */
export function WelcomeText() {
  const t = useOnboardingT();
  return (
    <Stack spacing={1.5} sx={{ textAlign: 'center' }}>
      <Typography>{t('onboarding.welcome.joining')}</Typography>
      <Typography>{t('onboarding.welcome.questions')}</Typography>
    </Stack>
  );
}
