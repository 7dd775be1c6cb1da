/**
 * My Details saves (spec §2 My Details, §7 `POST /staff/self-service/financials`, `/contact-details`,
 * `/personal`, `/image`). Each answers the refreshed staff member as `{ data }` (the web reads
 * `data.data`), or the error envelope with per-field errors. The server normalises and validates;
 * these schemas only give shapes, so every rule has one home (the staff service).
 */
import { z } from 'zod';
import { MAX_SELFIE_DATA_LENGTH } from '../upload-rules.js';

const text = (max: number) => z.string().max(max);

/** Banking (spec §5 masks): 8-digit account number, sort code as 00-00-00 or 6 digits. */
export const financialsBodySchema = z.object({
  bank_account: text(32),
  sort_code: text(32),
});
export type FinancialsBody = z.infer<typeof financialsBodySchema>;

/** Email & Contact. */
export const contactDetailsBodySchema = z.object({
  email_address: text(254),
  mobile: text(40).nullable().optional(),
  nok_name: text(120).nullable().optional(),
  nok_phone: text(40).nullable().optional(),
});
export type ContactDetailsBody = z.infer<typeof contactDetailsBodySchema>;

/** Personal & Profile: forename and surname are sent as shown and cannot change here (spec §5). */
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

/** Profile picture: a JPEG or PNG data URL (spec §9: JPEG from the camera). */
export const imageBodySchema = z.object({
  image_data: z.string().min(1, 'Take or choose a picture first').max(MAX_SELFIE_DATA_LENGTH, 'The picture is too large'),
});
export type ImageBody = z.infer<typeof imageBodySchema>;
