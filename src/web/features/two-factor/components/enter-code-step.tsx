import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TwoFactorChallenge } from '../api/initiate-two-factor';
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
function instructions(kind: MethodKind, challenge: TwoFactorChallenge, resent: boolean): string {
  if (kind === 'authenticator') return 'Open your authenticator app and enter the 6-digit code it shows for Staffroom.';
  const where = challenge.sent_to ? ` to ${challenge.sent_to}` : '';
  const until = timeOfDay(challenge.expires_at);
  return `We sent ${resent ? 'a new' : 'a'} 6-digit code${where}. Enter it below${until ? `; it works until ${until}` : ''}.`;
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
  return (
    <Stack spacing={2}>
      <Typography>{instructions(kind, challenge, resent)}</Typography>
      {error && (
        <Alert severity="error" sx={{ overflowWrap: 'anywhere' }}>
          {error}
        </Alert>
      )}
      <TextField
        label="Verification code"
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
          {kind === 'authenticator' ? 'Start again' : 'Send a new code'}
        </Button>
        {onOtherMethod && (
          <Button type="button" onClick={onOtherMethod} disabled={busy}>
            Choose another method
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
