/**
 * Team-discount messages both sides rely on, kept free of zod so the web can import them at run time
 * without the schemas (docs/product.md#team-discount).
 */

/** The error message when a member has no selfie yet (docs/product.md#team-discount); the status answers it with 409. */
export const SELFIE_REQUIRED_MESSAGE = 'You need to upload a selfie before activating staff discount';
