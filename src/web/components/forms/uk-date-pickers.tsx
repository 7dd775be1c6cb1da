import 'dayjs/locale/en-gb';
import 'dayjs/locale/es';
import 'dayjs/locale/pl';
import 'dayjs/locale/pt';
import 'dayjs/locale/ro';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { esES, plPL, ptPT, roRO } from '@mui/x-date-pickers/locales';
import type { ReactNode } from 'react';
import type { Language } from '@shared/languages.js';
import { useLocale } from '@web/i18n/i18n';

/**
 * The formats MUI X's Day.js adapter writes in US order whatever its locale (its defaults: 'ddd, MMM D',
 * the dialog's header "Tue, Nov 10", and 'MMM D'), in UK order: "Tue 10 Nov". The adapter's other
 * formats follow the en-gb locale, and each field sets its own (DD/MM/YYYY).
 */
export const UK_DATE_FORMATS = { normalDateWithWeekday: 'ddd D MMM', shortDate: 'D MMM' } as const;

/** MUI X's own texts (buttons, the calendar's and clock's labels) in each language besides English. */
const PICKER_TEXTS: Record<Language, typeof plPL> = { pl: plPL, ro: roRO, es: esES, pt: ptPT };

/**
 * MUI X's pickers in UK English (docs/product.md#date-picker): Day.js in the en-gb locale (weeks from
 * Monday) with UK_DATE_FORMATS, whatever the browser's own locale. For a member reading another
 * language, its month and day names and MUI X's texts in that language; each field still sets its own
 * format (DD/MM/YYYY). Imports the pickers' code: only for chunks that load on use, never a route's
 * first load.
 */
export function UkDatePickers({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const language = locale === 'en-GB' || locale === 'pseudo' ? undefined : locale;
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={language ?? 'en-gb'}
      dateFormats={UK_DATE_FORMATS}
      localeText={language && PICKER_TEXTS[language].components.MuiLocalizationProvider.defaultProps.localeText}
    >
      {children}
    </LocalizationProvider>
  );
}
