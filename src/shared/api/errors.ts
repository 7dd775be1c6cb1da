/**
 * The error envelope every 4xx answer carries (docs/architecture.md#wire-conventions; docs/product.md#errors reads it).
 * `{ errors: { message, fields?: [{ field, error }], code? } }`; `code` is `'NOT_SIGNED_IN'` on the
 * answer that means the session has ended (the web sends the member to sign in, then back), so that a
 * refusal for lack of a role is told apart from it.
 */
import { z } from 'zod';
import { SESSION_ENDED_CODE } from '@shared/constants.js';

export const fieldErrorSchema = z.object({
  field: z.string(),
  error: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorEnvelopeSchema = z.object({
  errors: z.object({
    message: z.string(),
    fields: z.array(fieldErrorSchema).optional(),
    code: z.literal(SESSION_ENDED_CODE).optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
