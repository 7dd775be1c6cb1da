import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import { forwardRef } from 'react';
import { Link as RouterLink } from 'wouter';
import { useSurveyPageT } from '../i18n/page';

/** The authentication-mismatch message of a survey 401 (docs/product.md#surveys), with a Logout link to /logout. */
export const AuthMismatchAlert = forwardRef<HTMLDivElement>(function AuthMismatchAlert(_props, ref) {
  const t = useSurveyPageT();
  return (
    <Alert ref={ref} severity="error" tabIndex={-1}>
      <AlertTitle>{t('survey.page.mismatchTitle')}</AlertTitle>
      {t('survey.page.mismatchText')}{' '}
      <Link component={RouterLink} to="/logout" sx={{ fontWeight: 600 }}>
        {t('survey.page.logout')}
      </Link>
    </Alert>
  );
});
