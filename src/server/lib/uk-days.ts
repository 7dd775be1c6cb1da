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

/** The UK calendar date (YYYY-MM-DD) at `instant`: the day in London, whatever the server's time zone. */
export const ukDateOf = (instant: Date): string => dayjs(instant).tz(UK_TIME_ZONE).format('YYYY-MM-DD');
