import TranslateIcon from '@mui/icons-material/Translate';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { useLocale, type Locale } from '@web/i18n/i18n';
import { chooseLanguage } from '@web/i18n/language-choice';
import { LanguageOffer } from '@web/i18n/language-offer';
import { LanguageOptions } from '@web/i18n/language-options';
import { useTokenPageT } from './i18n';

/**
 * The language of a link-token page (docs/decisions/0069-member-language.md), whose reader is not signed
 * in and has no menu: a compact select of English and LANGUAGES by their own names, as the side menu
 * lists them, and below it the one-line offer of the language the browser prefers. The choice stays on
 * the device; signing in later saves it to the member's record (followMemberLanguage).
 */
export function PageLanguage() {
  const t = useTokenPageT();
  const locale = useLocale();
  const id = useId();
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <TextField
          id={id}
          select
          size="small"
          label={t('tokenPage.language')}
          value={locale}
          onChange={(event) => void chooseLanguage(event.target.value as Locale, { signedIn: false }).catch(() => {})}
          slotProps={{
            select: { native: true },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <TranslateIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ minWidth: 150 }}
        >
          <LanguageOptions />
        </TextField>
      </Box>
      <LanguageOffer signedIn={false} />
    </>
  );
}
