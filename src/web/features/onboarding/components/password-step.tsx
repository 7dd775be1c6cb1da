import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { PasswordField } from '@web/components/forms/password-field';
import { PasswordHints } from '@web/components/forms/password-hints';
import { errorText } from '@web/lib/error-text';
import { useUnsavedChanges } from '@web/lib/unsaved-changes';
import { useSetOnboardingPassword } from '../api/set-onboarding-password';
import { useOnboardingT } from '../i18n';
import { StepHeading } from './step-heading';

/**
 * The password step (docs/product.md#onboarding): 'One more thing...', the password and its repeat with show/hide
 * toggles, live hints (green when met, red when not) and 'Set my password'. The server checks the
 * rules too; its error shows inline. The answer moves the status on to 'complete'.
 */
export function PasswordStep({ token }: { token: string }) {
  const t = useOnboardingT();
  const [password, setPassword] = useState('');
  const [check, setCheck] = useState('');
  const save = useSetOnboardingPassword(token);
  const hintsId = useId();
  // A password typed but not set keeps a new version of the app from reloading the page.
  useUnsavedChanges(password !== '' || check !== '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    save.mutate({ password, password_check: check });
  };

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      spacing={2.5}
      aria-label={t('onboarding.password.label')}
      sx={{ maxWidth: 440, mx: 'auto' }}
    >
      <StepHeading>{t('onboarding.password.heading')}</StepHeading>
      <Typography sx={{ textAlign: 'center' }}>{t('onboarding.password.intro')}</Typography>
      <PasswordField
        label={t('onboarding.password.password')}
        name="password"
        value={password}
        onChange={setPassword}
        describedBy={hintsId}
      />
      <PasswordField
        label={t('onboarding.password.repeat')}
        name="password_check"
        value={check}
        onChange={setCheck}
        describedBy={hintsId}
      />
      <PasswordHints id={hintsId} password={password} check={check} requireDigit />
      {save.isError && (
        <Alert severity="error" sx={{ overflowWrap: 'anywhere' }}>
          {errorText(save.error)}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" fullWidth loading={save.isPending}>
        {t('onboarding.password.submit')}
      </Button>
    </Stack>
  );
}
