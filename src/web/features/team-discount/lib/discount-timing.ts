/** Timing of the team-discount card (docs/product.md#team-discount). */

/** The live clock redraws this often, so staff at a till can show it is live, not a screenshot. */
export const CLOCK_TICK_MS = 500;

/** The card is asked for again this long after `expires`, so the server is surely in the new window. */
export const EXPIRY_GRACE_MS = 1000;

/** When the server still answers an expired code (clocks disagree), ask again this often. */
export const EXPIRED_RETRY_MS = 30_000;

/** Longest delay `setTimeout` honours (about 24.8 days); longer ones fire at once. */
export const MAX_TIMER_MS = 2_147_483_647;

/** Display format of the live clock. */
export const CLOCK_FORMAT = 'HH:mm:ss';
