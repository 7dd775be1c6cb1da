import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { Link as RouterLink, Redirect } from 'wouter';
import { FullPageLoader } from '@web/components/ui/full-page-loader';
import { useMe } from '@web/features/auth/api/get-me';
import { dispatchAuth, logIn, logOut } from '@web/features/auth/stores/auth-store';
import { isNetworkFailure, statusOf } from '@web/lib/api-client';
import { errorText } from '@web/lib/error-text';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { signedInUserId } from '@web/lib/user-storage';
import { usePagesT } from '../pages-i18n';

/**
 * `/` (docs/product.md#frame): looks up the current user. Found: logged in, on to /dashboard. Not found: logged
 * out, and a 403 (no session) goes to /login. No answer at all while someone is signed in on this phone:
 * on to /dashboard too, which shows what it kept for no signal.
 */
export default function LandingRoute() {
  const t = usePagesT();
  const me = useMe();
  useDocumentTitle(undefined);

  useEffect(() => {
    if (me.data) dispatchAuth(logIn(me.data));
  }, [me.data]);

  useEffect(() => {
    if (me.isError) dispatchAuth(logOut());
  }, [me.isError]);

  if (me.data) return <Redirect to="/dashboard" replace />;
  if (me.isPending) return <FullPageLoader />;
  if (statusOf(me.error) === 403) return <Redirect to="/login" replace />;
  if (isNetworkFailure(me.error) && signedInUserId()) return <Redirect to="/dashboard" replace />;

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}
    >
      <Stack spacing={2} sx={{ width: '100%', maxWidth: 420 }}>
        <Alert severity="error">{errorText(me.error)}</Alert>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={() => void me.refetch()}>{t('pages.tryAgain')}</Button>
          <Button variant="contained" component={RouterLink} to="/login">
            {t('pages.goToLogin')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
