/**
 * Files as the wire carries them (docs/product.md#files: "File", upload calls; docs/architecture.md#data-and-files).
 * Uploads arrive as base64 data URLs in JSON; the server sniffs the bytes, never trusting the name.
 */
import { z } from 'zod';
import { MAX_UPLOAD_BODY_LENGTH } from '@shared/upload-rules.js';

export { DOCUMENT_MIME_TYPES, MAX_UPLOAD_BYTES } from '@shared/upload-rules.js';

/** A stored file (docs/product.md#files): what an upload answers and what a form keeps as a file field's value. */
export const storedFileSchema = z.object({
  id: z.uuid(),
  original_filename: z.string(),
  /** Bytes as stored (images are re-encoded, so this can differ from the upload). */
  size: z.number().int().nonnegative(),
  /** Sniffed media type. */
  content_type: z.string(),
});
export type StoredFile = z.infer<typeof storedFileSchema>;

/** `POST /staff/self-service/<token>/file` and the other upload calls (docs/product.md#files). */
export const uploadFileBodySchema = z.object({
  /** `data:<type>;base64,<bytes>`; the declared type is ignored, the bytes are sniffed. */
  // The byte limit itself is checked after decoding (413); this only caps the text.
  file_data: z
    .string()
    .min(1, 'Choose a file to upload')
    .max(MAX_UPLOAD_BODY_LENGTH, 'The file is too large (10 MB at most)'),
  filename: z.string().trim().min(1, 'The file needs a name').max(255),
  bucket: z.string().max(64).optional(),
});
export type UploadFileBody = z.infer<typeof uploadFileBodySchema>;

/**
 * An upload's answer (docs/product.md#the-file-object): the stored file and `uri`, a signed address its
 * owner can open for 5 minutes (inline for images and PDFs). A form keeps the object; the server reads
 * only the id back.
 */
export const uploadedFileSchema = storedFileSchema.extend({ uri: z.string() });
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

export const uploadFileAnswerSchema = z.object({ data: uploadedFileSchema });
export type UploadFileAnswer = z.infer<typeof uploadFileAnswerSchema>;

/** `GET /rest/file/download/<id>`: a signed address valid for a few minutes (docs/product.md#files: opened in a new window). */
export const downloadAnswerSchema = z.object({ data: z.object({ uri: z.string() }) });
