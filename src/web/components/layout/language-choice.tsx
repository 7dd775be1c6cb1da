import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { LANGUAGES, type Language } from '@shared/languages.js';
import { useFrameT } from '@web/i18n/frame';
import { useLocale, type Locale } from '@web/i18n/i18n';
import { chooseLanguage } from '@web/i18n/language-choice';

/** Each language's own name, as the list gives it (never translated: a reader finds their language by it). */
const LANGUAGE_NAMES: Record<Language, string> = {
  pl: 'Polski',
  ro: 'Română',
  es: 'Español',
  pt: 'Português',
};
/** English's own name, as the list gives each language's. */
const ENGLISH = 'English';
/** The pseudo-locale (development only). */
const PSEUDO = 'Pseudo';

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
          {ENGLISH}
        </option>
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
        {import.meta.env.DEV && <option value="pseudo">{PSEUDO}</option>}
      </TextField>
    </Box>
  );
}
