import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Redirect, useSearchParams } from 'wouter';
import { PRODUCT_SHORT_NAME } from '@shared/constants.js';
import { FullPageLoader } from '@web/components/ui/full-page-loader';
import { useBrand } from '@web/lib/brand';
import { errorText } from '@web/lib/error-text';
import { clearReturnPath, readReturnPath } from '@web/lib/return-path';
import { useStartLogin } from '../api/get-auth-url';
import { useProcessAuthentication } from '../api/process-authentication';
import { useSignInT } from '../i18n';
import { LanguageOffer } from '@web/i18n/language-offer';

/**
 * The sign-in screen (docs/product.md#auth: Login, login states): idle shows the logo and Login; Login asks
 * for the provider's address and leaves (redirecting); back with ?code&state it completes sign-in
 * behind a full-page loader (processing), then goes back to the page an ended session was on, else to
 * /dashboard, or shows the error above the logo with the used code and state gone from the address.
 */
export function LoginScreen() {
  const brand = useBrand();
  const t = useSignInT();
  const [params] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state');
  // A provider that refuses sign-in comes back with ?error (OpenID Connect), not with a code. Read once:
  // the address is cleaned below, and the message must stay.
  const [providerError] = useState(() => params.get('error_description') ?? params.get('error'));
  // The page an ended session was on, to go back to (lib/return-path.ts).
  const [returnPath] = useState(readReturnPath);

  const processing = useProcessAuthentication();
  const startLogin = useStartLogin();

  // A code is single-use: submit it once even when effects run twice (StrictMode, re-renders).
  const submitted = useRef<string | null>(null);
  const { run: completeSignIn } = processing;
  useEffect(() => {
    if (!code || !state || submitted.current === code) return;
    submitted.current = code;
    completeSignIn({ code, state });
  }, [code, state, completeSignIn]);

  // A failed sign-in leaves no used code and state in the address bar (or in a shared link or a bookmark).
  const failed = processing.isError || Boolean(providerError);
  useEffect(() => {
    if (failed && window.location.search)
      window.history.replaceState(window.history.state, '', window.location.pathname);
  }, [failed]);
  useEffect(() => {
    if (processing.isSuccess) clearReturnPath();
  }, [processing.isSuccess]);

  if (processing.isSuccess) return <Redirect to={returnPath ?? '/dashboard'} replace />;

  const redirecting = startLogin.isPending || startLogin.isSuccess;
  const processingCode = Boolean(code && state) && !processing.isError;
  let error: string | null = null;
  if (!redirecting) {
    if (startLogin.isError) error = errorText(startLogin.error);
    else if (processing.isError) error = errorText(processing.error);
    else if (providerError) error = providerError;
  }

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.default',
        p: 2,
      }}
    >
      <FullPageLoader open={processingCode} label={t('signin.signingIn')} message={t('signin.signingInNow')} />
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 4 }, borderRadius: 3 }}>
        <LanguageOffer signedIn={false} />
        {error && (
          <Alert severity="error" sx={{ mb: 3, overflowWrap: 'anywhere' }}>
            {error}
          </Alert>
        )}
        <Box
          sx={{
            bgcolor: 'banner',
            borderRadius: 2,
            py: 4,
            px: 3,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          <Box component="img" src={brand.logo} alt={brand.name} sx={{ height: 56, width: 'auto', maxWidth: '100%' }} />
        </Box>
        <Typography component="h1" variant="h2" sx={{ mt: 3, textAlign: 'center' }}>
          {t('signin.welcome', { product: PRODUCT_SHORT_NAME })}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3, textAlign: 'center' }}>
          {t('signin.intro', { brand: brand.name })}
        </Typography>
        <Button
          variant="contained"
          size="large"
          fullWidth
          loading={redirecting}
          loadingPosition="start"
          onClick={() => startLogin.run()}
          // Stay in the brand colour while redirecting: a greyed-out button reads as "broken".
          sx={{
            py: 1.25,
            '&.MuiButton-loading': { bgcolor: 'primary.main', color: 'primary.contrastText' },
          }}
        >
          {t('signin.login')}
        </Button>
      </Paper>
    </Box>
  );
}
