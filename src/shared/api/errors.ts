/**
 * The error envelope every 4xx answer carries (docs/architecture.md#wire-conventions; docs/product.md#errors reads it).
 * `{ errors: { message, fields?: [{ field, error }] } }`
 */
import { z } from 'zod';

export const fieldErrorSchema = z.object({
  field: z.string(),
  error: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorEnvelopeSchema = z.object({
  errors: z.object({
    message: z.string(),
    fields: z.array(fieldErrorSchema).optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
