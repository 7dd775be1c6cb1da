/**
 * Id of the `<script type="application/json">` the `/team-discount` page carries for a signed-in member
 * with a card: the card as `GET /staff/self-service/staff-discount-status` answers it (its `data`), so
 * the screen draws it without a call (docs/architecture.md#performance). Kept apart from constants.ts,
 * which the sign-in page loads, so it travels only with the signed-in screens' code.
 */
export const EMBEDDED_DISCOUNT_STATUS_ELEMENT_ID = 'staffroom-discount-status';
