/**
 * The rules a staff import checks one cell against (docs/product.md#staff-import): National Insurance
 * numbers by HMRC's format, and dates in the two forms UK spreadsheets and payroll systems write.
 */
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';

dayjs.extend(customParseFormat);

/**
 * A National Insurance number as HMRC allocates them, from the HMRC National Insurance Manual NIM39110
 * ("National Insurance number format"): two prefix letters, six digits and a suffix A, B, C or D. The
 * first letter is not D, F, I, Q, U or V; the second is not D, F, I, O, Q, U or V; the prefixes BG, GB,
 * KN, NK, NT, TN and ZZ are never allocated (TN and ZZ mark temporary or administrative numbers).
 */
const NI_NUMBER = /^(?!BG|GB|KN|NK|NT|TN|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]\d{6}[A-D]$/;

/** `typed` as stored (`QQ123456C`: capitals, no spaces), or null when it is not a National Insurance number. */
export function niNumberOf(typed: string): string | null {
  const compact = typed.toUpperCase().replace(/\s+/g, '');
  return NI_NUMBER.test(compact) ? compact : null;
}

const FORMS = 'DD/MM/YYYY or YYYY-MM-DD';

/**
 * A date cell as `YYYY-MM-DD`, read as `YYYY-MM-DD` or the UK's `DD/MM/YYYY` (a day or month of one
 * digit allowed), strictly: a day the calendar lacks (31/04/2025), a month past 12 (the US order
 * 04/25/2025), a two-digit year, or a bare number (a spreadsheet's serial day number, such as 45123,
 * exported from a cell not formatted as a date) is refused with why.
 */
export function importDateOf(typed: string): { date: string } | { error: string } {
  if (/^\d+(\.\d+)?$/.test(typed)) {
    return {
      error: `${typed} is a spreadsheet’s day number, not a date: format the column as a date (${FORMS}) and export again`,
    };
  }
  const uk = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(typed);
  if (uk && uk[3]!.length === 2) return { error: `${typed} has a two-digit year: write it as ${FORMS}` };
  const parsed = uk
    ? dayjs(`${uk[3]}-${uk[2]!.padStart(2, '0')}-${uk[1]!.padStart(2, '0')}`, 'YYYY-MM-DD', true)
    : /^\d{4}-\d{2}-\d{2}$/.test(typed)
      ? dayjs(typed, 'YYYY-MM-DD', true)
      : undefined;
  if (!parsed) return { error: `${typed} is not a date: write it as ${FORMS}` };
  if (!parsed.isValid()) return { error: `${typed} is not a day in the calendar (dates are read as ${FORMS})` };
  if (parsed.year() < 1900) return { error: `${typed} is before 1900` };
  return { date: parsed.format('YYYY-MM-DD') };
}
