import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { LANGUAGES } from '@shared/languages.js';
import { useFrameT } from '@web/i18n/frame';
import { useLocale, type Locale } from '@web/i18n/i18n';
import { chooseLanguage } from '@web/i18n/language-choice';
import { ENGLISH_NAME, LANGUAGE_NAMES, PSEUDO_NAME } from '@web/i18n/language-names';

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
        <option value="en-GB" lang="en-GB">
          {ENGLISH_NAME}
        </option>
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
        {import.meta.env.DEV && <option value="pseudo">{PSEUDO_NAME}</option>}
      </TextField>
    </Box>
  );
}
