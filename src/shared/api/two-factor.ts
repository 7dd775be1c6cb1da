/**
 * Two-factor step-up for a signed-in member (docs/product.md#two-factor two-factor method and attempt, 402,
 * bouncer calls): list my methods, start a challenge with one, verify the code.
 */
import { z } from 'zod';

/** Method type ids (docs/product.md#two-factor), kept zod-free in `../two-factor-types.ts` for the web. */
export { TFA_TYPE } from '@shared/two-factor-types.js';

export const tfaMethodTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
});

export const tfaMethodSchema = z.object({
  id: z.uuid(),
  setup_complete: z.boolean(),
  deleted: z.boolean(),
  /** With `include=type`. */
  type: tfaMethodTypeSchema.optional(),
});
export type TfaMethod = z.infer<typeof tfaMethodSchema>;

/** `GET /bouncer/tfa/my-methods?page=1&include=type`. */
export const myMethodsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1000).default(1),
  include: z.string().max(100).optional(),
});
export const myMethodsAnswerSchema = z.object({
  data: z.array(tfaMethodSchema),
  meta: z.object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int() }),
});
export type MyMethodsAnswer = z.infer<typeof myMethodsAnswerSchema>;

export const methodParamsSchema = z.object({ methodId: z.string().max(64) });

/**
 * `POST /bouncer/tfa-logged-in/initiate/<methodId>`: `code` is the challenge to verify next (it goes
 * in the verify path; it is not the one-time code). `sent_to` is where the code went, masked.
 */
export const initiateAnswerSchema = z.object({
  data: z.object({
    code: z.string(),
    sent_to: z.string().nullable(),
    expires_at: z.string(),
  }),
});
export type InitiateAnswer = z.infer<typeof initiateAnswerSchema>;

/** `POST /bouncer/tfa-logged-in/<code>/verify` (docs/product.md#two-factor: Attempt: code and method). */
export const verifyParamsSchema = z.object({ code: z.string().max(64) });
export const verifyBodySchema = z.object({
  code: z.string().max(16),
  method: z.string().max(64).optional(),
});
export type VerifyBody = z.infer<typeof verifyBodySchema>;
export const verifyAnswerSchema = z.object({ data: z.object({ verified: z.literal(true), valid_until: z.string() }) });
export type VerifyAnswer = z.infer<typeof verifyAnswerSchema>;
