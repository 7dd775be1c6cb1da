import 'dayjs/locale/en-gb';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { ReactNode } from 'react';

/**
 * The formats MUI X's Day.js adapter writes in US order whatever its locale (its defaults: 'ddd, MMM D',
 * the dialog's header "Tue, Nov 10", and 'MMM D'), in UK order: "Tue 10 Nov". The adapter's other
 * formats follow the en-gb locale, and each field sets its own (DD/MM/YYYY).
 */
export const UK_DATE_FORMATS = { normalDateWithWeekday: 'ddd D MMM', shortDate: 'D MMM' } as const;

/**
 * MUI X's pickers in UK English (docs/product.md#date-picker): Day.js in the en-gb locale (weeks from
 * Monday) with UK_DATE_FORMATS, whatever the browser's own locale. Imports the pickers' code: only
 * for chunks that load on use, never a route's first load.
 */
export function UkDatePickers({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="en-gb" dateFormats={UK_DATE_FORMATS}>
      {children}
    </LocalizationProvider>
  );
}
