/**
 * The staff member as the signed-in web sees it (spec §3 "Staff member (userData)").
 */
import { z } from 'zod';

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
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
