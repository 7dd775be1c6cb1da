import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'wouter';
import { PRODUCT_SHORT_NAME } from '@shared/constants.js';
import { useOnboardingT } from '../i18n';
import { StepHeading } from './step-heading';

/**
 * The last step (docs/product.md#onboarding onboarding complete): 'Almost done!', the initial training email to come,
 * that it is paid and that rotas wait for it; the joiner can sign in already.
 */
export function CompleteStep() {
  const t = useOnboardingT();
  return (
    <Stack spacing={2} sx={{ textAlign: 'center', alignItems: 'center' }}>
      <StepHeading>{t('onboarding.complete.heading')}</StepHeading>
      <Typography>{t('onboarding.complete.training')}</Typography>
      <Typography>{t('onboarding.complete.paid')}</Typography>
      <Button component={RouterLink} to="/login" variant="contained" size="large" sx={{ mt: 1 }}>
        {t('onboarding.complete.signIn', { product: PRODUCT_SHORT_NAME })}
      </Button>
    </Stack>
  );
}
