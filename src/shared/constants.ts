/**
 * Constants both sides rely on. Source: docs/product.md#wire-conventions and docs/product.md#constants.
 */

/** Product short name: the default top-bar title (docs/product.md#frame). */
export const PRODUCT_SHORT_NAME = 'Staffroom';

/** Sent by the web on every call as `X-Application-version` (docs/product.md#wire-conventions). */
export const APP_VERSION = '0.0.1';
export const APP_VERSION_HEADER = 'X-Application-version';

/** XSRF double-submit names (docs/product.md#wire-conventions, docs/architecture.md#wire-conventions). */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** Snackbar auto-hide, milliseconds (docs/product.md#constants). */
export const SNACKBAR_HIDE_MS = 6000;

/** Age below which the team-discount card warns (docs/product.md#constants). */
export const ADULT_AGE = 18;

/**
 * The message of a signed-in call made without a session (403 `NOT_SIGNED_IN`, docs/product.md#generic-texts):
 * the web takes its code, like any 401, as the session having ended.
 */
export const NOT_SIGNED_IN_MESSAGE = 'You are not signed in.';

/** Local-storage key for the signed-in user (docs/product.md#auth). */
export const USER_STORAGE_KEY = 'user';

/** Window event that opens the two-factor dialog (docs/product.md#two-factor). */
export const TWO_FACTOR_EVENT = 'two-factor-auth';

/** Route of the atmosphere audit survey linked from the dashboard (docs/product.md#dashboard). */
export const ATMOSPHERE_AUDIT_SURVEY_ID = 6;

/** A saved profile picture can only be removed by the line manager (docs/product.md#my-details). */
export const SELFIE_LOCKED_NOTE =
  'Your picture has been saved. If it needs to change, your line manager must remove it in the HR system.';

/** Minutes a passed second factor lets a session make sensitive changes (bank details, email). */
export const STEP_UP_MINUTES = 15;

/**
 * Id of the `<script type="application/json">` in which a signed-in screen's page carries the member,
 * the same object `GET /staff/self-service/me` answers, so the screen need not ask for it again
 * (docs/architecture.md#layout).
 */
export const EMBEDDED_ME_ELEMENT_ID = 'staffroom-me';
