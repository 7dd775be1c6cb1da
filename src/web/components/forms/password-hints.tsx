import CheckCircle from '@mui/icons-material/CheckCircle';
import HighlightOff from '@mui/icons-material/HighlightOff';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { checkPassword, PASSWORD_MIN_LENGTH } from '@shared/password-rules.js';
import { useCommonFormsT } from './i18n';

export interface PasswordHintsProps {
  password: string;
  check: string;
  /** Onboarding also needs a digit (docs/product.md#onboarding). */
  requireDigit: boolean;
  id?: string;
}

type HintState = 'valid' | 'invalid' | 'info';

function Hint({ state, children }: { state: HintState; children: string }) {
  const t = useCommonFormsT();
  const color = state === 'valid' ? 'success.main' : state === 'invalid' ? 'error.main' : 'text.secondary';
  const Icon = state === 'valid' ? CheckCircle : state === 'invalid' ? HighlightOff : InfoOutlined;
  const status =
    state === 'valid' ? t('common.forms.hintDone') : state === 'invalid' ? t('common.forms.hintNotYet') : null;
  return (
    <Box component="li" data-state={state} sx={{ display: 'flex', alignItems: 'center', gap: 1, color }}>
      <Icon fontSize="small" aria-hidden />
      <Typography variant="body2" component="span" sx={{ color: 'inherit' }}>
        {children}
        {status && (
          <Box component="span" sx={visuallyHidden}>
            {' ('}
            {status})
          </Box>
        )}
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
  const t = useCommonFormsT();
  const checks = checkPassword(password, check);
  const state = (ok: boolean): HintState => (ok ? 'valid' : 'invalid');
  return (
    <Box
      component="ul"
      id={id}
      aria-label={t('common.forms.passwordRules')}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}
    >
      <Hint state={state(checks.length)}>{t('common.forms.hintLength', { min: PASSWORD_MIN_LENGTH })}</Hint>
      {requireDigit && <Hint state={state(checks.digit)}>{t('common.forms.hintDigit')}</Hint>}
      <Hint state="info">{t('common.forms.hintSymbols', { count: checks.symbols })}</Hint>
      <Hint state={state(checks.matches)}>{t('common.forms.hintMatch')}</Hint>
    </Box>
  );
}
