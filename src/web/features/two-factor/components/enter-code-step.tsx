import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TwoFactorChallenge } from '../api/initiate-two-factor';
import type { Translate } from '@web/i18n/i18n';
import { useTwoFactorT } from '../i18n';
import type { MethodKind } from '../lib/method-kind';
import { timeOfDay } from '../lib/texts';

export const CODE_LENGTH = 6;

export interface EnterCodeStepProps {
  kind: MethodKind;
  challenge: TwoFactorChallenge;
  code: string;
  onCodeChange: (code: string) => void;
  /** Why the last verify (or new code) failed, already as text. */
  error: string | null;
  /** Starts a new check with the same method (a new code is sent). */
  onNewCode: () => void;
  /** Goes back to the choice of method; absent when there is only one. */
  onOtherMethod?: () => void;
  /** A new code was just sent. */
  resent: boolean;
  busy: boolean;
}

/** What to tell the member about where the code is. */
function instructions(kind: MethodKind, challenge: TwoFactorChallenge, resent: boolean, t: Translate): string {
  if (kind === 'authenticator') return t('twoFactor.openApp');
  return t('twoFactor.codeSent', {
    fresh: resent ? 'yes' : 'no',
    to: challenge.sent_to || 'none',
    until: timeOfDay(challenge.expires_at) || 'none',
  });
}

/**
 * Step 2 of the two-factor dialog (docs/product.md#two-factor): where the code went, the 6-digit code field (numeric
 * keyboard, one-time-code autofill), errors inline above it (docs/product.md#two-factor), and a way to get a new code.
 */
export function EnterCodeStep({
  kind,
  challenge,
  code,
  onCodeChange,
  error,
  onNewCode,
  onOtherMethod,
  resent,
  busy,
}: EnterCodeStepProps) {
  const t = useTwoFactorT();
  return (
    <Stack spacing={2}>
      <Typography>{instructions(kind, challenge, resent, t)}</Typography>
      {error && (
        <Alert severity="error" sx={{ overflowWrap: 'anywhere' }}>
          {error}
        </Alert>
      )}
      <TextField
        label={t('twoFactor.codeLabel')}
        name="one-time-code"
        value={code}
        onChange={(event) => onCodeChange(event.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
        autoComplete="one-time-code"
        autoFocus
        error={Boolean(error)}
        fullWidth
        slotProps={{
          htmlInput: {
            inputMode: 'numeric',
            pattern: '[0-9]*',
            maxLength: CODE_LENGTH,
            spellCheck: false,
            sx: { letterSpacing: '0.3em', fontSize: '1.25rem' },
          },
        }}
      />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button type="button" onClick={onNewCode} disabled={busy}>
          {kind === 'authenticator' ? t('twoFactor.startAgain') : t('twoFactor.newCode')}
        </Button>
        {onOtherMethod && (
          <Button type="button" onClick={onOtherMethod} disabled={busy}>
            {t('twoFactor.otherMethod')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
