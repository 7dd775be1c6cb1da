import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'wouter';
import type { PasswordLink } from '@shared/api/password-link.js';
import { PasswordField } from '@web/components/forms/password-field';
import { PasswordHints } from '@web/components/forms/password-hints';
import { TokenPageShell } from '@web/components/token-page/token-page-shell';
import { TokenQueryView } from '@web/components/token-page/token-query-view';
import { errorText } from '@web/lib/error-text';
import { useUnsavedChanges } from '@web/lib/unsaved-changes';
import { usePasswordLink } from '../api/get-password-link';
import { usePasswordT } from '../i18n';
import { useSetLinkPassword } from '../api/set-link-password';

/**
 * The form (docs/product.md#password-links): as onboarding's password step, the password and its repeat
 * with show/hide, the live hints and 'Set my password', under a heading of its own; the server's
 * refusal shows inline. Once set, the done state takes its place.
 */
function SetPasswordForm({ token, link }: { token: string; link: PasswordLink }) {
  const t = usePasswordT();
  const [password, setPassword] = useState('');
  const [check, setCheck] = useState('');
  const save = useSetLinkPassword(token);
  const hintsId = useId();
  useUnsavedChanges(!save.isSuccess && (password !== '' || check !== ''));

  // A refusal speaks of what was typed then: editing either field takes it away.
  const edit = (set: (value: string) => void) => (value: string) => {
    if (save.isError) save.reset();
    set(value);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    save.mutate({ password, password_check: check });
  };

  if (save.isSuccess) return <PasswordSet />;
  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      spacing={2.5}
      aria-label={t('password.title')}
      sx={{ maxWidth: 440, mx: 'auto' }}
    >
      <Typography component="h1" variant="h2" sx={{ textAlign: 'center' }}>
        {t('password.title')}
      </Typography>
      <Typography sx={{ textAlign: 'center' }}>
        {t('password.intro', { name: link.forename, brand: link.brand.name })}
      </Typography>
      <PasswordField
        label={t('password.password')}
        name="password"
        value={password}
        onChange={edit(setPassword)}
        describedBy={hintsId}
      />
      <PasswordField
        label={t('password.repeat')}
        name="password_check"
        value={check}
        onChange={edit(setCheck)}
        describedBy={hintsId}
      />
      <PasswordHints id={hintsId} password={password} check={check} requireDigit />
      {save.isError && (
        <Alert severity="error" sx={{ overflowWrap: 'anywhere' }}>
          {errorText(save.error)}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" fullWidth loading={save.isPending}>
        {t('password.submit')}
      </Button>
    </Stack>
  );
}

/** The done state: the password is set, and Login goes to the sign-in screen; its heading takes focus. */
function PasswordSet() {
  const t = usePasswordT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    window.scrollTo({ top: 0 });
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <Stack spacing={2} sx={{ textAlign: 'center', alignItems: 'center' }}>
      <Typography ref={heading} component="h1" variant="h2" tabIndex={-1} sx={{ outline: 'none' }}>
        {t('password.doneTitle')}
      </Typography>
      <Typography>{t('password.doneText')}</Typography>
      <Button component={RouterLink} to="/login" variant="contained" size="large" sx={{ mt: 1 }}>
        {t('password.login')}
      </Button>
    </Stack>
  );
}

/**
 * `/set-password/<token>` (docs/product.md#password-links): the branded card with the form for the
 * member the link is for. An unknown, expired or used link shows the invalid-link message; other
 * failures offer 'Try again'.
 */
export function SetPasswordScreen({ token }: { token: string }) {
  const link = usePasswordLink(token);
  return (
    <TokenPageShell>
      <TokenQueryView query={link}>{(data) => <SetPasswordForm token={token} link={data} />}</TokenQueryView>
    </TokenPageShell>
  );
}
