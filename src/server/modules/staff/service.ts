/**
 * Staff members as the portal shows them (docs/product.md#my-details: "Staff member"), and their creation by HR.
 */
import { displayPhone, displayPhoneIfKnown } from '@server/lib/phone-numbers.js';
import { eq } from 'drizzle-orm';
import type { StaffMember } from '@shared/api/my-details.js';
import type { Db } from '@server/db/client.js';
import { staff, venues } from '@server/db/schema.js';
import { audit } from '@server/lib/audit.js';
import { AppError } from '@server/errors.js';
import { openField, sealField, type FieldKeyring } from '@server/lib/field-crypto.js';
import { sealContext } from '@server/lib/sealed-columns.js';
import { reportUnopenedSeal, type SealLog } from '@server/lib/unopened-seals.js';
import { hashPassword } from '@server/lib/passwords.js';
import { isUuid } from '@server/lib/ids.js';
import { todayInUk, yearsOld } from '@server/lib/uk-days.js';

type StaffRow = typeof staff.$inferSelect;

/**
 * Whole years between `dateOfBirth` (YYYY-MM-DD) and `today` (YYYY-MM-DD, the UK's date now unless
 * given: docs/product.md#dates-and-the-uk-day); null without a date of birth.
 */
export const ageOn = (dateOfBirth: string | null, today: string = todayInUk()): number | null =>
  yearsOld(dateOfBirth, today);

/** `****5678` from an account number or its last digits; null for none. */
export const maskAccountNumber = (digits: string | null): string | null => (digits ? `****${digits.slice(-4)}` : null);
/** `**-**-56` from a sort code or its last digits; null for none. */
export const maskSortCode = (digits: string | null): string | null => (digits ? `**-**-${digits.slice(-2)}` : null);

/** Where the owner's browser loads their profile picture (session-checked, owner only). */
export const selfieUri = (fileId: string): string => `/api/staff/self-service/selfie/${fileId}`;

/** The columns the wire shape of a staff member is made from. */
type StaffMemberColumns = Pick<
  StaffRow,
  | 'forename'
  | 'surname'
  | 'knownAs'
  | 'emailAddress'
  | 'mobile'
  | 'nokName'
  | 'nokPhone'
  | 'bankAccountLast4'
  | 'sortCodeLast2'
  | 'addressLine1'
  | 'addressLine2'
  | 'addressLine3'
  | 'addressCounty'
  | 'addressPostalCode'
  | 'dateOfBirth'
  | 'showAudit'
  | 'initialTrainingComplete'
  | 'qolLink'
  | 'onboardComplete'
  | 'selfieFileId'
  | 'role'
  | 'language'
>;

/**
 * The wire shape of docs/product.md#my-details from a database row. Bank details go out masked (last
 * digits only); phone numbers as members read them (lib/phone-numbers.ts). `age`, when the row was
 * read with it (the session's), is used as it is.
 */
export async function toStaffMember(row: StaffMemberColumns & { age?: number | null }): Promise<StaffMember> {
  const knownMobile = displayPhoneIfKnown(row.mobile);
  const mobile = knownMobile !== undefined ? knownMobile : await displayPhone(row.mobile);
  const knownNokPhone = displayPhoneIfKnown(row.nokPhone);
  const nokPhone = knownNokPhone !== undefined ? knownNokPhone : await displayPhone(row.nokPhone);
  return {
    forename: row.forename,
    surname: row.surname,
    known_as: row.knownAs,
    email_address: row.emailAddress,
    mobile,
    nok_name: row.nokName,
    nok_phone: nokPhone,
    bank_account: maskAccountNumber(row.bankAccountLast4),
    sort_code: maskSortCode(row.sortCodeLast2),
    address_line1: row.addressLine1,
    address_line2: row.addressLine2,
    address_line3: row.addressLine3,
    address_county: row.addressCounty,
    address_postal_code: row.addressPostalCode,
    age: row.age !== undefined ? row.age : ageOn(row.dateOfBirth),
    show_audit: row.showAudit,
    initial_training_complete: row.initialTrainingComplete,
    qol_link: row.qolLink,
    onboard_complete: row.onboardComplete,
    selfie: row.selfieFileId ? { data: { id: row.selfieFileId, uri: selfieUri(row.selfieFileId) } } : null,
    console_role: row.role,
    ...(row.language ? { language: row.language } : {}),
  };
}

/** The context a bank detail of member `staffId` is sealed under, so a value copied to another row does not open. */
const bankContext = (staffId: string, field: 'bank_account' | 'sort_code') =>
  field === 'bank_account' ? sealContext.bankAccount(staffId) : sealContext.sortCode(staffId);

/**
 * The staff columns that hold bank details `account` (8 digits) and `sortCode` (6 digits, checked with
 * @shared/bank-details) for member `staffId`: both sealed (lib/field-crypto.ts), and their last 4 and 2
 * digits plain, for the masks. My Details' Banking save and the end of onboarding both write these.
 */
export function sealBankDetails(
  fieldKeys: FieldKeyring,
  staffId: string,
  details: { account: string; sortCode: string },
): Pick<StaffRow, 'bankAccountSealed' | 'sortCodeSealed' | 'bankAccountLast4' | 'sortCodeLast2'> {
  return {
    bankAccountSealed: sealField(fieldKeys, details.account, bankContext(staffId, 'bank_account')),
    sortCodeSealed: sealField(fieldKeys, details.sortCode, bankContext(staffId, 'sort_code')),
    bankAccountLast4: details.account.slice(-4),
    sortCodeLast2: details.sortCode.slice(-2),
  };
}

const niContext = sealContext.niNumber;

/** The `staff.ni_number_sealed` value of National Insurance number `ni` (as stored, `AB123456C`) for `staffId`. */
export const sealNiNumber = (fieldKeys: FieldKeyring, staffId: string, ni: string): string =>
  sealField(fieldKeys, ni, niContext(staffId));

/**
 * The National Insurance number `sealed` holds for `staffId`, or null when none is held. One that does
 * not open counts as none and is reported on `log` (lib/unopened-seals.ts); without a log it is silent
 * (a comparison that then treats it as changed).
 */
export function openNiNumber(opts: { fieldKeys: FieldKeyring; staffId: string; sealed: string | null; log?: SealLog }) {
  if (!opts.sealed) return null;
  try {
    return openField(opts.fieldKeys, opts.sealed, niContext(opts.staffId));
  } catch {
    if (opts.log) reportUnopenedSeal({ log: opts.log, field: 'staff.ni_number_sealed', rowId: opts.staffId });
    return null;
  }
}

/** The audit details of a change of bank details, masked (docs/product.md#the-staff-member): `{ field: { old, new } }`. */
export function bankDetailsChange(
  before: Pick<StaffRow, 'bankAccountLast4' | 'sortCodeLast2'>,
  after: { account: string; sortCode: string },
) {
  return {
    bank_account: { old: maskAccountNumber(before.bankAccountLast4), new: maskAccountNumber(after.account) },
    sort_code: { old: maskSortCode(before.sortCodeLast2), new: maskSortCode(after.sortCode) },
  };
}

/** Formats a sort code's 6 digits as members write it, `12-34-56`. */
const sortCodeShown = (digits: string): string => digits.replace(/^(\d{2})(\d{2})(\d{2})$/, '$1-$2-$3');

/**
 * The bank details held for `staffId`, in full (`{ bank_account: '12345678', sort_code: '12-34-56' }`),
 * null where none is held. A value that does not open (a key rotated without re-sealing) counts as
 * none rather than failing the answer, and is reported on `log` (lib/unopened-seals.ts). Callers show
 * them only to a recently stepped-up session (docs/product.md#banking).
 */
export async function readBankDetails(opts: {
  db: Db;
  fieldKeys: FieldKeyring;
  staffId: string;
  log: SealLog;
}): Promise<{ bank_account: string | null; sort_code: string | null }> {
  const [row] = await opts.db
    .select({ account: staff.bankAccountSealed, sortCode: staff.sortCodeSealed })
    .from(staff)
    .where(eq(staff.id, opts.staffId))
    .limit(1);
  const open = (sealed: string | null | undefined, field: 'bank_account' | 'sort_code'): string | null => {
    if (!sealed) return null;
    try {
      return openField(opts.fieldKeys, sealed, bankContext(opts.staffId, field));
    } catch {
      reportUnopenedSeal({ log: opts.log, field: `staff.${field}_sealed`, rowId: opts.staffId });
      return null;
    }
  };
  const sortCode = open(row?.sortCode, 'sort_code');
  return { bank_account: open(row?.account, 'bank_account'), sort_code: sortCode && sortCodeShown(sortCode) };
}

/**
 * `member` as the signed-in session may see it (docs/product.md#the-staff-member): with the full bank
 * details when `steppedUp` (a second factor passed in the last STEP_UP_MINUTES), masked as it came
 * otherwise. Costs one query, only for a stepped-up session that has bank details.
 */
export async function withBankDetailsShown(opts: {
  db: Db;
  fieldKeys: FieldKeyring;
  staffId: string;
  log: SealLog;
  steppedUp: boolean;
  member: StaffMember;
}): Promise<StaffMember> {
  const { member } = opts;
  if (!opts.steppedUp || (!member.bank_account && !member.sort_code)) return member;
  const held = await readBankDetails(opts);
  return {
    ...member,
    bank_account: held.bank_account ?? member.bank_account,
    sort_code: held.sort_code ?? member.sort_code,
  };
}

export interface CreateStaffInput {
  forename: string;
  surname: string;
  email: string;
  password?: string;
  knownAs?: string;
  mobile?: string;
  venueId?: string;
  position?: string;
  dateOfBirth?: string;
  startDate?: string;
  showAudit?: boolean;
  qolLink?: string;
  initialTrainingComplete?: boolean;
  onboardComplete?: boolean;
}

/**
 * Creates a staff member (HR, admin CLI), or updates the one with that email when `upsert` is set.
 * @throws AppError EMAIL_TAKEN (409) when the email is taken and `upsert` is not set; VENUE_NOT_FOUND
 *   for an unknown venue id, VENUE_ARCHIVED for an archived one.
 */
export async function createStaffMember(opts: {
  db: Db;
  input: CreateStaffInput;
  actor: string;
  upsert?: boolean;
}): Promise<{ id: string; created: boolean }> {
  const { db, input } = opts;
  const email = input.email.trim().toLowerCase();
  let venueId: string | null = null;
  if (input.venueId) {
    const [venue] = isUuid(input.venueId)
      ? await db
          .select({ id: venues.id, name: venues.name, archivedAt: venues.archivedAt })
          .from(venues)
          .where(eq(venues.id, input.venueId))
          .limit(1)
      : [];
    if (!venue) throw new AppError('VENUE_NOT_FOUND', 'That venue was not found.');
    if (venue.archivedAt) throw new AppError('VENUE_ARCHIVED', `"${venue.name}" is archived: no one new joins it.`);
    venueId = venue.id;
  }
  const values = {
    forename: input.forename,
    surname: input.surname,
    emailAddress: email,
    knownAs: input.knownAs ?? null,
    mobile: input.mobile ?? null,
    venueId,
    position: input.position ?? null,
    dateOfBirth: input.dateOfBirth ?? null,
    startDate: input.startDate ?? null,
    showAudit: input.showAudit ?? false,
    qolLink: input.qolLink ?? null,
    initialTrainingComplete: input.initialTrainingComplete ?? false,
    onboardComplete: input.onboardComplete ?? false,
    passwordHash: input.password ? await hashPassword(input.password) : null,
  };
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: staff.id }).from(staff).where(eq(staff.emailAddress, email)).limit(1);
    if (existing && !opts.upsert) {
      throw new AppError('EMAIL_TAKEN', `A staff member with the email ${email} already exists.`);
    }
    let id: string;
    if (existing) {
      await tx
        .update(staff)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(staff.id, existing.id));
      id = existing.id;
    } else {
      const [row] = await tx.insert(staff).values(values).returning({ id: staff.id });
      id = row!.id;
    }
    await audit(tx, {
      staffId: id,
      actor: opts.actor,
      action: existing ? 'staff.updated' : 'staff.created',
      details: { email, password_set: Boolean(input.password) },
    });
    return { id, created: !existing };
  });
}

/** A staff member's row with their venue's name and brand, for mail and document merge fields. */
export async function findStaffWithVenue(
  db: Db,
  where: { email: string } | { id: string },
): Promise<(StaffRow & { venueName: string | null; venueBrand: string | null }) | undefined> {
  const [row] = await db
    .select({ staff, venueName: venues.name, venueBrand: venues.brand })
    .from(staff)
    .leftJoin(venues, eq(venues.id, staff.venueId))
    .where('email' in where ? eq(staff.emailAddress, where.email.trim().toLowerCase()) : eq(staff.id, where.id))
    .limit(1);
  return row ? { ...row.staff, venueName: row.venueName, venueBrand: row.venueBrand } : undefined;
}
