/**
 * A member's set-your-password link (docs/product.md#password-links), reached with its link token and no
 * session: `GET /staff/password-link/<token>` says whom it is for, `POST` with the password and its
 * repeat sets it. The rules and 400 texts are the onboarding password step's (src/shared/password-rules.ts).
 */
import { z } from 'zod';
import { BRAND_IDS } from '@shared/brands.js';
import { setPasswordBodySchema } from './onboarding.js';

export { tokenParamsSchema } from './documents.js';

/** `GET /staff/password-link/<token>`: the member's preferred name (else forename) and the brand they work for. */
export const passwordLinkAnswerSchema = z.object({
  data: z.object({
    forename: z.string(),
    brand: z.object({ id: z.enum(BRAND_IDS), name: z.string() }),
  }),
});
export type PasswordLink = z.infer<typeof passwordLinkAnswerSchema>['data'];

/** `POST /staff/password-link/<token>`: the new password and its repeat, as the onboarding password step sends. */
export const setLinkPasswordBodySchema = setPasswordBodySchema;
export type SetLinkPasswordBody = z.infer<typeof setLinkPasswordBodySchema>;

/** `POST /staff/password-link/<token>`'s answer: the password is set and the link no longer works. */
export const passwordSetAnswerSchema = z.object({ data: z.object({ password_set: z.literal(true) }) });
export type PasswordSetAnswer = z.infer<typeof passwordSetAnswerSchema>['data'];
