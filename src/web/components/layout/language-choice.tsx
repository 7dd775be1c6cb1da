import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { useFrameT } from '@web/i18n/frame';
import { useLocale, type Locale } from '@web/i18n/i18n';
import { chooseLanguage } from '@web/i18n/language-choice';
import { LanguageOptions } from '@web/i18n/language-options';

/**
 * The language in the side menu (docs/decisions/0069-member-language.md): English or one of LANGUAGES,
 * each by its own name, in the phone's own picker; kept on the device and on the member's record. The
 * pseudo-locale is offered in development only.
 */
export function LanguageChoice() {
  const t = useFrameT();
  const locale = useLocale();
  const id = useId();
  return (
    <Box sx={{ px: 2, pt: 2, pb: 0.5 }}>
      <TextField
        id={id}
        select
        fullWidth
        size="small"
        label={t('frame.language.label')}
        value={locale}
        onChange={(event) => void chooseLanguage(event.target.value as Locale, { signedIn: true }).catch(() => {})}
        slotProps={{ select: { native: true } }}
      >
        <LanguageOptions />
      </TextField>
    </Box>
  );
}
