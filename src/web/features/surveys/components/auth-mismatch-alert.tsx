import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import { forwardRef } from 'react';
import { Link as RouterLink } from 'wouter';

/** docs/product.md#surveys: what a 401 on the survey says. */
export const AUTH_MISMATCH_TEXT =
  'You seem to be signed in as someone else than this page was opened for, so your answers cannot be saved. Please log out and log back in, then try again.';

/** The authentication-mismatch message of a survey 401 (docs/product.md#surveys), with a Logout link to /logout. */
export const AuthMismatchAlert = forwardRef<HTMLDivElement>(function AuthMismatchAlert(_props, ref) {
  return (
    <Alert ref={ref} severity="error" tabIndex={-1}>
      <AlertTitle>Authentication mismatch</AlertTitle>
      {AUTH_MISMATCH_TEXT}{' '}
      <Link component={RouterLink} to="/logout" sx={{ fontWeight: 600 }}>
        Logout
      </Link>
    </Alert>
  );
});
