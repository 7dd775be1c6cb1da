/**
 * The date in the UK (YYYY-MM-DD) at `now`, for the web as for the server: the group works in the UK,
 * so "today" is London's whatever the device's or server's time zone (docs/product.md#dates-and-the-uk-day).
 * Zod-free and dayjs-free, so any bundle may carry it: the platform's own time-zone data does the work.
 */
const LONDON_DATE = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export function ukToday(now: Date = new Date()): string {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    LONDON_DATE.formatToParts(now).find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
