/**
 * The one rule for "has this person left?" (docs/product.md#leavers): access ends at `staff.access_ends_at`
 * (the end of the leaving date in Europe/London, or the moment of "leave now"), compared with the clock
 * wherever access is checked, so it takes effect on every instance at once and needs no job
 * (docs/decisions/0046-leavers-access-ends-by-the-clock.md). Sessions, sign-in, link tokens, the till
 * check and the delivery queue read it; anything that sends to staff (reminders) must too.
 */
import { gt, isNull, lte, or, type SQL } from 'drizzle-orm';
import { staff } from '@server/db/schema.js';
import { ukDateText } from './uk-days.js';

/**
 * True when access that ends at `accessEndsAt` has ended at `now` (a Date or milliseconds since the epoch;
 * no end recorded: never).
 */
export const isLeaver = (accessEndsAt: Date | null | undefined, now: Date | number = Date.now()): boolean =>
  accessEndsAt != null && accessEndsAt.getTime() <= +now;

/** The condition on `staff` rows of people whose access has not ended at `now`: what anything sent to staff filters by. */
export const notLeaverSql = (now: Date = new Date()): SQL =>
  or(isNull(staff.accessEndsAt), gt(staff.accessEndsAt, now))!;

/** The condition on `staff` rows of people whose access has ended at `now`. */
export const leaverSql = (now: Date = new Date()): SQL => lte(staff.accessEndsAt, now);

/**
 * What a leaver who tries to sign in is told, on the login screen above the logo (docs/product.md#leavers);
 * `leavingDate` is their last working day, YYYY-MM-DD.
 */
export const accessEndedMessage = (leavingDate: string | null): string =>
  leavingDate
    ? `Your access ended on ${ukDateText(leavingDate)}. Ask your manager if this is wrong.`
    : 'Your access has ended. Ask your manager if this is wrong.';

/** The delivery queue's `purpose` of the one message a leaver still gets (docs/product.md#leavers). */
export const LEAVER_NOTICE_PURPOSE = 'leaver-notice';
