/**
 * The error envelope every 4xx answer carries (docs/architecture.md#wire-conventions; docs/product.md#errors reads it).
 * `{ errors: { message, fields?: [{ field, error }], code? } }`; every coded service error carries its
 * `code` (src/shared/error-codes.ts), which is what the web branches on: `'NOT_SIGNED_IN'` is the
 * answer that means the session has ended, told apart from a refusal for lack of a role (`'FORBIDDEN'`).
 */
import { z } from 'zod';
import { ERROR_CODES } from '@shared/error-codes.js';

export const fieldErrorSchema = z.object({
  field: z.string(),
  error: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorEnvelopeSchema = z.object({
  errors: z.object({
    message: z.string(),
    fields: z.array(fieldErrorSchema).optional(),
    code: z.enum(ERROR_CODES).optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
