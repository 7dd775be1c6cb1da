/**
 * Sign-in contract: docs/product.md#auth rows `/staff/self-service/auth`, `process-authentication`, `me`, `logout`.
 * The first two answer bare objects (`{ url }`, `{ user }`), the rest wrap in `{ data }` (docs/architecture.md).
 */
import { z } from 'zod';
import { staffMemberSchema } from './my-details.js';

export const authUrlQuerySchema = z.object({
  /** The portal's own `/login` address without query (allow-listed on the server). */
  redirect_uri: z.string().min(1).max(2048),
});

export const authUrlAnswerSchema = z.object({ url: z.string() });
export type AuthUrlAnswer = z.infer<typeof authUrlAnswerSchema>;

export const processAuthenticationBodySchema = z.object({
  code: z.string().min(1).max(4096),
  state: z.string().min(1).max(512),
});
export type ProcessAuthenticationBody = z.infer<typeof processAuthenticationBodySchema>;

/** What the web keeps in localStorage under `user`: no sensitive fields. */
export const signedInUserSchema = z.object({
  id: z.string(),
  forename: z.string(),
  surname: z.string(),
  email_address: z.string(),
});
export type SignedInUser = z.infer<typeof signedInUserSchema>;

export const processAuthenticationAnswerSchema = z.object({ user: signedInUserSchema });
export type ProcessAuthenticationAnswer = z.infer<typeof processAuthenticationAnswerSchema>;

export const meAnswerSchema = z.object({ data: staffMemberSchema });
export type MeAnswer = z.infer<typeof meAnswerSchema>;

export const logoutAnswerSchema = z.object({ data: z.object({ signed_out: z.literal(true) }) });
export type LogoutAnswer = z.infer<typeof logoutAnswerSchema>;
