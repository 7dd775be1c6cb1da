/**
 * Constants both sides rely on. Source: staff-portal-spec.md §7 (wire) and §9 (business constants).
 */

/** Product short name: the default top-bar title (spec §2 Frame). */
export const PRODUCT_SHORT_NAME = 'Staffroom';

/** Sent by the web on every call as `X-Application-version` (spec §7). */
export const APP_VERSION = '0.0.1';
export const APP_VERSION_HEADER = 'X-Application-version';

/** XSRF double-submit names (spec §7, DESIGN.md wire conventions). */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** Snackbar auto-hide, milliseconds (spec §9). */
export const SNACKBAR_HIDE_MS = 6000;

/** Age below which the team-discount card warns (spec §9). */
export const ADULT_AGE = 18;

/** Local-storage key for the signed-in user (spec §3). */
export const USER_STORAGE_KEY = 'user';

/** Window event that opens the two-factor dialog (spec §4, §8). */
export const TWO_FACTOR_EVENT = 'two-factor-auth';

/** Route of the atmosphere audit survey linked from the dashboard (spec §2 Dashboard). */
export const ATMOSPHERE_AUDIT_SURVEY_ID = 6;

/** A saved profile picture can only be removed by the line manager (spec §4 picture flow). */
export const SELFIE_LOCKED_NOTE =
  'Your picture has been saved. If it needs to change, your line manager must remove it in the HR system.';

/** Minutes a passed second factor lets a session make sensitive changes (bank details, email). */
export const STEP_UP_MINUTES = 15;
