/**
 * My Details: the staff member as the signed-in web sees it (the answer of `/me` and of every save),
 * and the four saves (docs/product.md#my-details: My Details, "Staff member (userData)", `POST /staff/self-service/financials`,
 * `/contact-details`, `/personal`, `/image`). Each save answers the refreshed staff member as `{ data }`
 * (the web reads `data.data`), or the error envelope with per-field errors. The server normalises and
 * validates; these schemas only give shapes, so every rule has one home (the my-details service).
 */
import { z } from 'zod';
import { LANGUAGES } from '@shared/languages.js';
import { MAX_SELFIE_DATA_LENGTH } from '@shared/upload-rules.js';

const text = (max: number) => z.string().max(max);

/** Banking (docs/product.md#my-details masks): 8-digit account number, sort code as 00-00-00 or 6 digits. */
export const financialsBodySchema = z.object({
  bank_account: text(32),
  sort_code: text(32),
});
export type FinancialsBody = z.infer<typeof financialsBodySchema>;

/**
 * `GET /staff/self-service/financials` (an addition to the call table, docs/product.md#banking): the bank details
 * held, in full (`12345678`, `12-34-56`), for a session that passed a second factor in the last 15
 * minutes (402 otherwise); null where none is held.
 */
export const financialsAnswerSchema = z.object({
  data: z.object({ bank_account: z.string().nullable(), sort_code: z.string().nullable() }),
});
export type Financials = z.infer<typeof financialsAnswerSchema>['data'];

/**
 * `GET /staff/self-service/my-data` (docs/product.md#subject-access) takes nothing and answers a zip
 * (`application/zip`, attachment): summary.html, data.json and files/ of everything held about the
 * signed-in member, bank details in full; 402 without a second factor in the last 15 minutes, 429
 * after 10 in an hour. No schema: the answer is not JSON.
 */

/** Email & Contact. */
export const contactDetailsBodySchema = z.object({
  email_address: text(254),
  mobile: text(40).nullable().optional(),
  nok_name: text(120).nullable().optional(),
  nok_phone: text(40).nullable().optional(),
});
export type ContactDetailsBody = z.infer<typeof contactDetailsBodySchema>;

/** Personal & Profile: forename and surname are sent as shown and cannot change here (docs/product.md#my-details). */
export const personalBodySchema = z.object({
  forename: text(120).optional(),
  surname: text(120).optional(),
  known_as: text(120).nullable().optional(),
  address_line1: text(120).nullable().optional(),
  address_line2: text(120).nullable().optional(),
  address_line3: text(120).nullable().optional(),
  address_county: text(120).nullable().optional(),
  address_postal_code: text(16).nullable().optional(),
});
export type PersonalBody = z.infer<typeof personalBodySchema>;

/** Profile picture: a JPEG or PNG data URL (docs/product.md#my-details: JPEG from the camera). */
export const imageBodySchema = z.object({
  image_data: z
    .string()
    .min(1, 'Take or choose a picture first')
    .max(MAX_SELFIE_DATA_LENGTH, 'The picture is too large'),
});
export type ImageBody = z.infer<typeof imageBodySchema>;

/** The saved profile picture: `uri` is a same-origin address only its owner's session can load. */
export const selfieSchema = z.object({
  data: z.object({ id: z.string(), uri: z.string() }),
});

export const staffMemberSchema = z.object({
  forename: z.string(),
  surname: z.string(),
  known_as: z.string().nullable(),
  email_address: z.string(),
  mobile: z.string().nullable(),
  nok_name: z.string().nullable(),
  nok_phone: z.string().nullable(),
  /** Masked for display, last 4 digits only (`****5678`); null when none is held. */
  bank_account: z.string().nullable(),
  /** Masked for display, last 2 digits only (`**-**-56`); null when none is held. */
  sort_code: z.string().nullable(),
  address_line1: z.string().nullable(),
  address_line2: z.string().nullable(),
  address_line3: z.string().nullable(),
  address_county: z.string().nullable(),
  address_postal_code: z.string().nullable(),
  /** Whole years, from the date of birth; null when unknown. */
  age: z.number().int().nullable(),
  show_audit: z.boolean(),
  initial_training_complete: z.boolean(),
  qol_link: z.string().nullable(),
  onboard_complete: z.boolean(),
  selfie: selfieSchema.nullable(),
  /** An addition to the member of the product reference: their console role, which shows the console in the menu (docs/product.md#console-roles). */
  console_role: z.enum(['hr', 'manager']).nullable().optional(),
  /**
   * An addition to the member of the product reference: the language they chose to read the staff side
   * in; absent while they read English, so the answer is unchanged for them.
   */
  language: z.enum(LANGUAGES).optional(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/**
 * `POST /staff/self-service/language` (an addition to the call table): the language the member reads the
 * staff side in, null for English (docs/decisions/0069-member-language.md). Answers the choice as kept.
 */
export const languageBodySchema = z.object({ language: z.enum(LANGUAGES).nullable() });
export type LanguageBody = z.infer<typeof languageBodySchema>;

export const languageAnswerSchema = z.object({ data: languageBodySchema });
export type LanguageAnswer = z.infer<typeof languageAnswerSchema>;
