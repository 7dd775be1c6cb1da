import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { Link as RouterLink, Navigate } from 'react-router';
import { FullPageLoader } from '@web/components/ui/full-page-loader';
import { useMe } from '@web/features/auth/api/get-me';
import { logIn, logOut } from '@web/features/auth/stores/auth-slice';
import { statusOf } from '@web/lib/api-client';
import { errorText } from '@web/lib/error-text';

/**
 * `/` (docs/product.md#frame): looks up the current user. Found: logged in, on to /dashboard. Not found: logged
 * out, and a 403 (no session) goes to /login.
 */
export default function LandingRoute() {
  const me = useMe();
  const dispatch = useDispatch();

  useEffect(() => {
    if (me.data) dispatch(logIn(me.data));
  }, [me.data, dispatch]);

  useEffect(() => {
    if (me.isError) dispatch(logOut());
  }, [me.isError, dispatch]);

  if (me.data) return <Navigate to="/dashboard" replace />;
  if (me.isPending) return <FullPageLoader />;
  if (statusOf(me.error) === 403) return <Navigate to="/login" replace />;

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Stack spacing={2} sx={{ width: '100%', maxWidth: 420 }}>
        <Alert severity="error">{errorText(me.error)}</Alert>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={() => void me.refetch()}>Try again</Button>
          <Button variant="contained" component={RouterLink} to="/login">
            Go to login
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
