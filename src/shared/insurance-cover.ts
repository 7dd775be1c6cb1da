/**
 * The date an approved insurance document's cover ends (docs/product.md#insurance-queue), as HR reads it on
 * the certificate: a UK date from today to COVER_ENDS_MAX_YEARS ahead. Zod-free, so the web's picker
 * may use the limit at run time.
 */

/**
 * How far ahead the cover may end, in years. Business cover is written a year at a time; two years lets
 * a longer policy through and refuses a year typed wrong (2062 for 2026).
 */
export const COVER_ENDS_MAX_YEARS = 2;

/** The member is reminded when the cover ends within this many days, and again once it has ended. */
export const COVER_ENDS_REMIND_WITHIN_DAYS = 30;

/** A missing cover end, said under the field by the web before sending and by the server. */
export const COVER_ENDS_MISSING = 'Enter the date the cover ends';
