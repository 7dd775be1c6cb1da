/**
 * Team discount (docs/product.md#team-discount: Team Discount, discount status, states,
 * `GET /staff/self-service/staff-discount-status`), and the till's check of a code shown to it.
 */
import { z } from 'zod';

// The missing-selfie message (409) lives in a zod-free file so the web can use it at run time.
export { SELFIE_REQUIRED_MESSAGE } from '@shared/team-discount-messages.js';

/** docs/product.md#team-discount: "Staff discount status". */
export const discountStatusSchema = z.object({
  name: z.string(),
  /** The member's venue. */
  location: z.string().nullable(),
  position: z.string().nullable(),
  /** A short-lived address of the member's selfie. */
  selfie: z.string(),
  /** When the code regenerates (ISO date-time). */
  expires: z.string(),
  /** The code as text, shown under the QR code and typed at a till when scanning fails. */
  code: z.string(),
  /** The QR code of `code`, a PNG data URL. */
  qr: z.string(),
});
export type DiscountStatus = z.infer<typeof discountStatusSchema>;
export const discountStatusAnswerSchema = z.object({ data: discountStatusSchema });
export type DiscountStatusAnswer = z.infer<typeof discountStatusAnswerSchema>;

/** `POST /discount/verify` from a till (bearer till key). */
export const verifyCodeBodySchema = z.object({ code: z.string().max(64) });
export const verifyCodeAnswerSchema = z.object({
  data: z.union([
    z.object({
      valid: z.literal(true),
      name: z.string(),
      location: z.string().nullable(),
      position: z.string().nullable(),
      selfie: z.string().nullable(),
      age: z.number().int().nullable(),
      under_18: z.boolean(),
      expires: z.string(),
    }),
    /** `left`: the code was the member's, but they have left (docs/product.md#leavers). */
    z.object({ valid: z.literal(false), reason: z.enum(['expired', 'not_recognised', 'left']) }),
  ]),
});
export type VerifyCodeAnswer = z.infer<typeof verifyCodeAnswerSchema>;
