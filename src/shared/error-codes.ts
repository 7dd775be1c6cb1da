/**
 * The stable codes of the error envelope's `errors.code` (src/shared/api/errors.ts) and the one map from
 * code to HTTP status (documenso app-error.ts style; statuses per docs/architecture.md#wire-conventions).
 * Zod-free: the web branches on these codes, never on a message's text.
 */
export const ERROR_CODE_STATUS = {
  BAD_REQUEST: 400,
  /** The staff member named does not exist (a CLI or console call naming someone by id). */
  STAFF_NOT_FOUND: 400,
  /** The venue named does not exist. */
  VENUE_NOT_FOUND: 400,
  /** The venue is archived: no one new joins it. */
  VENUE_ARCHIVED: 400,
  /** The fieldset asked for, or any fieldset at all, does not exist. */
  FIELDSET_NOT_FOUND: 400,
  /** A document template needs details the person does not have on record; `missing` says which. */
  TEMPLATE_DETAILS_MISSING: 400,
  /** A staff import applied while rows of its file are refused: nothing was imported (docs/product.md#staff-import). */
  IMPORT_ROWS_REFUSED: 400,
  /** The signed-in member does not match the one the request speaks for (docs/product.md#errors survey 401). */
  SESSION_MISMATCH: 401,
  STEP_UP_REQUIRED: 402,
  /** The session has ended: the web sends the member to sign in, then back (docs/product.md#auth). */
  NOT_SIGNED_IN: 403,
  FORBIDDEN: 403,
  /** A leaver tried to sign in: their access ended (docs/product.md#leavers); the message names the date. */
  ACCESS_ENDED: 403,
  /** A till's bearer key is unknown or revoked (docs/product.md#team-discount). */
  TILL_KEY_INVALID: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** The email address belongs to another staff member. */
  EMAIL_TAKEN: 409,
  /** The discount card needs a selfie first (docs/product.md#team-discount). */
  SELFIE_REQUIRED: 409,
  /** The document decided on has been replaced since it was listed. */
  DOCUMENT_REPLACED: 409,
  TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  /** A document's PDF could not be drawn (its drawing thread failed or took too long): nothing was signed. */
  DOCUMENT_NOT_DRAWN: 500,
  UPSTREAM_FAILED: 502,
  /** `GET /api/ready`: this instance should not be sent requests now; the message names why (docs/operations.md#health-and-readiness). */
  NOT_READY: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODE_STATUS;

export const ERROR_CODES = Object.keys(ERROR_CODE_STATUS) as [ErrorCode, ...ErrorCode[]];
