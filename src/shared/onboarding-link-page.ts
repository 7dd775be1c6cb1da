/**
 * Id of the `<script type="application/json">` a joiner's link page (`/onboard/<token>`) carries:
 * `{ token, status, draft }`, the link's onboarding status and draft as their calls answer them, so the
 * form need not ask for them (docs/architecture.md#performance). Kept apart from constants.ts, which
 * the sign-in page loads (every byte of its 120 KiB budget counts), and imported by the onboarding
 * screen alone, so it travels inside that screen's code.
 */
export const EMBEDDED_ONBOARDING_ELEMENT_ID = 'staffroom-onboarding';
