/**
 * Upload and signature limits both sides apply (docs/architecture.md#data-and-files; docs/product.md#files upload calls). Plain
 * constants, no zod, so the web imports them without the schemas.
 */

/** Largest file accepted, in bytes, after base64 decoding. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Longest `file_data` data URL accepted: base64 is 4/3 of the bytes, plus room for the header. */
export const MAX_UPLOAD_BODY_LENGTH = Math.ceil((MAX_UPLOAD_BYTES * 4) / 3) + 64 * 1024;

/** Types accepted for documents (right to work, insurance, contracts): sniffed from the bytes. */
export const DOCUMENT_MIME_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;

/** The `accept` attribute of document upload controls. */
export const DOCUMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,.webp,application/pdf,image/jpeg,image/png,image/webp';

/** The largest PDF the public `/verify` page checks (docs/product.md#verify), in bytes. */
export const MAX_VERIFY_PDF_BYTES = 20 * 1024 * 1024;

/** Largest signature image accepted, in characters of its data URL. */
export const MAX_SIGNATURE_DATA_LENGTH = 512 * 1024;

/** Largest profile picture accepted, in bytes (a camera JPEG at 800x800 is ~150 KB; photos up to 5 MB). */
export const MAX_SELFIE_BYTES = 5 * 1024 * 1024;

/** Longest `image_data` data URL accepted. */
export const MAX_SELFIE_DATA_LENGTH = Math.ceil((MAX_SELFIE_BYTES * 4) / 3) + 1024;
