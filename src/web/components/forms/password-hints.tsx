import CheckCircle from '@mui/icons-material/CheckCircle';
import HighlightOff from '@mui/icons-material/HighlightOff';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { checkPassword, PASSWORD_MIN_LENGTH } from '@shared/password-rules.js';

export interface PasswordHintsProps {
  password: string;
  check: string;
  /** Onboarding also needs a digit (docs/product.md#onboarding). */
  requireDigit: boolean;
  id?: string;
}

type HintState = 'valid' | 'invalid' | 'info';

function Hint({ state, children }: { state: HintState; children: string }) {
  const color = state === 'valid' ? 'success.main' : state === 'invalid' ? 'error.main' : 'text.secondary';
  const Icon = state === 'valid' ? CheckCircle : state === 'invalid' ? HighlightOff : InfoOutlined;
  const status = state === 'valid' ? 'done' : state === 'invalid' ? 'not yet' : null;
  return (
    <Box component="li" data-state={state} sx={{ display: 'flex', alignItems: 'center', gap: 1, color }}>
      <Icon fontSize="small" aria-hidden />
      <Typography variant="body2" component="span" sx={{ color: 'inherit' }}>
        {children}
        {status && <Box component="span" sx={visuallyHidden}>{` (${status})`}</Box>}
      </Typography>
    </Box>
  );
}

/**
 * Live password hints (docs/product.md#onboarding): at least 8 characters; for onboarding at least 1 digit; the
 * symbol count as a neutral note (counted, not required); the repeat equals the password and is
 * not empty. Each rule is green when met and red when not, with an icon so colour is not the
 * only signal.
 */
export function PasswordHints({ password, check, requireDigit, id }: PasswordHintsProps) {
  const checks = checkPassword(password, check);
  const state = (ok: boolean): HintState => (ok ? 'valid' : 'invalid');
  const symbols = checks.symbols === 1 ? '1 symbol' : `${checks.symbols} symbols`;
  return (
    <Box
      component="ul"
      id={id}
      aria-label="Password rules"
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}
    >
      <Hint state={state(checks.length)}>{`At least ${PASSWORD_MIN_LENGTH} characters`}</Hint>
      {requireDigit && <Hint state={state(checks.digit)}>At least 1 number</Hint>}
      <Hint state="info">{`${symbols} (optional)`}</Hint>
      <Hint state={state(checks.matches)}>Both passwords match</Hint>
    </Box>
  );
}
