/**
 * Days as HR means them: the group works in the UK, so a date HR gives (`YYYY-MM-DD`) is a day in
 * London, starting at midnight BST in summer (23:00 UTC the evening before) and GMT in winter.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

export const UK_TIME_ZONE = 'Europe/London';

/** The instant the UK day `date` (YYYY-MM-DD) begins. */
export const startOfUkDay = (date: string): Date => dayjs.tz(date, UK_TIME_ZONE).toDate();

/**
 * The instant the UK day `date` (YYYY-MM-DD) ends: the start of the next UK day (a leaver's `access_ends_at`).
 * The next date is counted on the calendar (in UTC, which has no clock changes), not as 24 hours: the days
 * the clocks change are 23 and 25 hours long in London.
 */
export const endOfUkDay = (date: string): Date => startOfUkDay(dayjs.utc(date).add(1, 'day').format('YYYY-MM-DD'));

/** The UK calendar date (YYYY-MM-DD) at the instant `at`, whatever the server's time zone. */
export const ukDateOf = (at: Date): string => dayjs(at).tz(UK_TIME_ZONE).format('YYYY-MM-DD');

/** A UK calendar date (YYYY-MM-DD) written as people in the UK read it: DD/MM/YYYY. */
export const ukDateText = (date: string): string => dayjs(date).format('DD/MM/YYYY');
/** The UK day `todayInUk` last worked out, and the instants it runs between. */
let lastDay = { date: '', from: 0, until: 0 };

/**
 * The date in the UK at `now` (YYYY-MM-DD), whatever the server's time zone: at 23:30 UTC in British
 * Summer Time it is already the next day in London. Ages, the under-18 warning, `{{today}}` in
 * templates and the reminders' stages count from it (docs/product.md#dates-and-the-uk-day).
 */
export function todayInUk(now: Date = new Date()): string {
  const at = now.getTime();
  // Asked on every signed-in request: the day is worked out once and kept until it ends in London.
  if (at >= lastDay.from && at < lastDay.until) return lastDay.date;
  const date = dayjs(now).tz(UK_TIME_ZONE).format('YYYY-MM-DD');
  const next = dayjs.utc(date).add(1, 'day').format('YYYY-MM-DD');
  lastDay = { date, from: startOfUkDay(date).getTime(), until: startOfUkDay(next).getTime() };
  return date;
}

/** Whole years from `dateOfBirth` to `today`, both YYYY-MM-DD calendar dates; null without a date of birth. */
export function yearsOld(dateOfBirth: string | null, today: string): number | null {
  if (!dateOfBirth) return null;
  // Both as UTC calendar dates, so the server's zone and its clock changes play no part.
  return dayjs.utc(today).diff(dayjs.utc(dateOfBirth), 'year');
}

/**
 * The instant `amount` calendar days or years from `at` (negative: before), counted on the UK's clock:
 * a year later is the same wall-clock time in London on the same date (28 February for 29 February),
 * across clock changes. Retention periods are counted this way (docs/product.md#retention).
 */
export function shiftInUk(at: Date, amount: number, unit: 'day' | 'year'): Date {
  // The London wall-clock time moved on the calendar in UTC (which has no clock changes) and read back
  // in London: dayjs's own `add` on a zoned time moves by fixed hours across a clock change.
  const wallClock = 'YYYY-MM-DDTHH:mm:ss.SSS';
  const local = dayjs(at).tz(UK_TIME_ZONE).format(wallClock);
  return dayjs.tz(dayjs.utc(local).add(amount, unit).format(wallClock), UK_TIME_ZONE).toDate();
}

/** The UK date (YYYY-MM-DD) `amount` calendar days or years from `date` (negative: before). */
export const addToUkDate = (date: string, amount: number, unit: 'day' | 'year'): string =>
  dayjs.utc(date).add(amount, unit).format('YYYY-MM-DD');

/**
 * The last day (YYYY-MM-DD) of the UK tax year holding `date`: tax years run from 6 April to 5 April
 * (HMRC), so 5 April of the date's year when the date is on or before it, else of the next year.
 */
export function taxYearEndOf(date: string): string {
  const year = dayjs.utc(date).year();
  const fifthOfApril = dayjs.utc(`${year}-04-05`);
  return (dayjs.utc(date).isAfter(fifthOfApril) ? fifthOfApril.add(1, 'year') : fifthOfApril).format('YYYY-MM-DD');
}
