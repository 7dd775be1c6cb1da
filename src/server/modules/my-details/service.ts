/**
 * My Details saves (docs/product.md#my-details: My Details, `/staff/self-service/financials`, `/contact-details`,
 * `/personal`, `/image`): each validates on the server, changes nothing on a bad value, writes the
 * change to the audit log (bank details masked), and answers the refreshed member. A change of bank
 * details or email address is told to the previous address, in case it was not them.
 */
import { and, eq, isNull, ne } from 'drizzle-orm';
import { z } from 'zod';
import type { FieldError } from '@shared/api/errors.js';
import type { ContactDetailsBody, FinancialsBody, PersonalBody, StaffMember } from '@shared/api/my-details.js';
import {
  BANK_ACCOUNT_ERROR,
  BANK_ACCOUNT_FIELD,
  bankAccountDigits,
  SORT_CODE_ERROR,
  SORT_CODE_FIELD,
  sortCodeDigits,
} from '@shared/bank-details.js';
import { getBrand } from '@shared/brands.js';
import { NOT_SIGNED_IN_MESSAGE, SELFIE_LOCKED_NOTE } from '@shared/constants.js';
import { MAX_SELFIE_BYTES } from '@shared/upload-rules.js';
import type { Language } from '@shared/languages.js';
import { staff } from '@server/db/schema.js';
import { audit } from '@server/lib/audit.js';
import { AppError } from '@server/errors.js';
import { serverTranslator } from '@server/i18n/messages.js';
import { loadSharp } from '@server/lib/on-demand.js';
import { displayPhone, toE164 } from '@server/lib/phone-numbers.js';
import type { Db } from '@server/db/client.js';
import type { Services } from '@server/services.js';
import { decodeDataUrl, deleteFiles, readFile, storeFile, vetUpload } from '@server/modules/files/index.js';
import { bankDetailsChange, findStaffWithVenue, sealBankDetails, toStaffMember } from '@server/modules/staff/index.js';
import { isUniqueViolation } from '@server/lib/ids.js';

type StaffRow = typeof staff.$inferSelect;
/** A staff row with its venue's name and brand (the brand names the portal in change notices). */
type StaffWithVenue = NonNullable<Awaited<ReturnType<typeof findStaffWithVenue>>>;

const invalid = (fields: FieldError[]) => new AppError('BAD_REQUEST', 'Some of the details need another look.', fields);

/** Trimmed text, or null when blank. */
const clean = (v: string | null | undefined): string | null => {
  const t = (v ?? '').trim();
  return t ? t : null;
};

/**
 * The signed-in member's row with their venue, read once per call: in a save, the same row gives
 * the checks and the audit log the values before the change and the change notice its name and
 * brand, so nothing reads the member again after the transaction.
 */
async function loadRow(services: Services, staffId: string): Promise<StaffWithVenue> {
  const row = await findStaffWithVenue(services.db, { id: staffId });
  if (!row) throw new AppError('NOT_SIGNED_IN', NOT_SIGNED_IN_MESSAGE);
  return row;
}

/**
 * Queues, in the save's transaction `tx`, the notice telling the address a change was made from, so a
 * member whose account was taken over finds out, in their language. `row` is the member as read before
 * the change: no save here changes their venue, so its brand still holds. @returns the delivery's id, to try once
 * the transaction commits (lib/delivery-queue.ts retries it, and audits it if it never goes).
 */
function queueChangeNotice(
  services: Services,
  tx: Pick<Db, 'insert'>,
  row: StaffWithVenue,
  what: 'bank' | 'email',
  to = row.emailAddress,
): Promise<string> {
  const brand = getBrand(row.venueBrand ?? services.config.brand);
  const t = serverTranslator(row.language);
  const when = new Date().toLocaleString('en-GB', { timeZone: 'Europe/London' });
  return services.deliveries.enqueue(tx, {
    purpose: 'change-notice',
    staffId: row.id,
    mail: {
      to,
      subject: t('changeNotice.subject', { what, brand: brand.name }),
      text: [t('mail.hi', { name: row.knownAs ?? row.forename }), '', t('changeNotice.text', { what, when })].join(
        '\n',
      ),
    },
  });
}

/**
 * `POST /staff/self-service/financials` (step-up required by the route): 8-digit account number,
 * 6-digit sort code (docs/product.md#my-details), sealed with AES-256-GCM.
 * @throws AppError BAD_REQUEST with per-field errors.
 */
export async function updateFinancials(opts: {
  services: Services;
  staffId: string;
  body: FinancialsBody;
  ip: string;
}): Promise<StaffMember> {
  const { services } = opts;
  const account = bankAccountDigits(opts.body.bank_account);
  const sortCode = sortCodeDigits(opts.body.sort_code);
  const errors: FieldError[] = [];
  if (!account) errors.push({ field: BANK_ACCOUNT_FIELD, error: BANK_ACCOUNT_ERROR });
  if (!sortCode) errors.push({ field: SORT_CODE_FIELD, error: SORT_CODE_ERROR });
  if (!account || !sortCode) throw invalid(errors);
  const row = await loadRow(services, opts.staffId);
  const { updated, notice } = await services.db.transaction(async (tx) => {
    const [result] = await tx
      .update(staff)
      .set({ ...sealBankDetails(services.fieldKeys, row.id, { account, sortCode }), updatedAt: new Date() })
      .where(eq(staff.id, row.id))
      .returning();
    await audit(tx, {
      staffId: row.id,
      actor: `staff:${row.id}`,
      action: 'staff.bank_details_changed',
      ip: opts.ip,
      details: bankDetailsChange(row, { account, sortCode }),
    });
    return { updated: result, notice: await queueChangeNotice(services, tx, row, 'bank') };
  });
  await services.deliveries.deliver(notice);
  return toStaffMember(updated!);
}

const emailSchema = z.email();

/** `{ field: { old, new } }` for each changed column, named as on the wire (snake_case), for the audit log. */
function changedFields<K extends keyof StaffRow>(
  row: StaffRow,
  next: Pick<StaffRow, K>,
): Record<string, { old: unknown; new: unknown }> {
  return Object.fromEntries(
    (Object.keys(next) as K[])
      .filter((k) => row[k] !== next[k])
      .map((k) => [String(k).replace(/[A-Z0-9]/g, (c) => `_${c.toLowerCase()}`), { old: row[k], new: next[k] }]),
  );
}

/**
 * A phone field of the contact form (lib/phone-numbers.ts): blank is null; the number as stored (or as
 * it was shown) is kept as it is, so a stored value never blocks a save of other fields; anything else
 * must be a possible number and is stored in E.164.
 */
async function checkPhone(
  field: string,
  value: string | null | undefined,
  stored: string | null,
  errors: FieldError[],
): Promise<string | null> {
  const phone = clean(value);
  if (!phone) return null;
  if (phone === stored || phone === (await displayPhone(stored))) return stored;
  const e164 = await toE164(phone);
  if (!e164) errors.push({ field, error: 'Enter a valid phone number, such as 07911 123456 or +44 7911 123456' });
  return e164 ?? phone;
}

/**
 * `POST /staff/self-service/contact-details` (step-up required by the route): a real email address
 * not used by another member, phone numbers that are numbers. A changed email address is also the
 * sign-in name of the embedded provider.
 * @throws AppError BAD_REQUEST with per-field errors.
 */
export async function updateContactDetails(opts: {
  services: Services;
  staffId: string;
  body: ContactDetailsBody;
  ip: string;
}): Promise<StaffMember> {
  const { services, body } = opts;
  const errors: FieldError[] = [];
  const email = body.email_address.trim().toLowerCase();
  if (!emailSchema.safeParse(email).success)
    errors.push({ field: 'email_address', error: 'Enter a valid email address' });
  const row = await loadRow(services, opts.staffId);
  const mobile = await checkPhone('mobile', body.mobile, row.mobile, errors);
  const nokPhone = await checkPhone('nok_phone', body.nok_phone, row.nokPhone, errors);
  const nokName = clean(body.nok_name);
  if (!errors.length) {
    const [taken] = await services.db
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.emailAddress, email), ne(staff.id, opts.staffId)))
      .limit(1);
    if (taken)
      errors.push({ field: 'email_address', error: 'This email address is already used by another member of staff' });
  }
  if (errors.length) throw invalid(errors);
  const next = { emailAddress: email, mobile, nokName, nokPhone };
  const changes = changedFields(row, next);
  let updated: StaffRow | undefined;
  let notice: string | undefined;
  try {
    ({ updated, notice } = await services.db.transaction(async (tx) => {
      const [result] = await tx
        .update(staff)
        .set({ ...next, updatedAt: new Date() })
        .where(eq(staff.id, row.id))
        .returning();
      if (Object.keys(changes).length) {
        await audit(tx, {
          staffId: row.id,
          actor: `staff:${row.id}`,
          action: 'staff.contact_details_changed',
          ip: opts.ip,
          details: changes,
        });
      }
      // The notice goes to the old address: the one an intruder did not choose.
      return {
        updated: result,
        notice:
          row.emailAddress !== email
            ? await queueChangeNotice(services, tx, row, 'email', row.emailAddress)
            : undefined,
      };
    }));
  } catch (err) {
    // Another member took the address between the check above and this update.
    if (isUniqueViolation(err))
      throw invalid([
        { field: 'email_address', error: 'This email address is already used by another member of staff' },
      ]);
    throw err;
  }
  if (notice) await services.deliveries.deliver(notice);
  return toStaffMember(updated!);
}

/** UK postcode (Royal Mail format), normalised to upper case with one space: `ls16hd` → `LS1 6HD`. */
export function normalisePostcode(value: string): string | null {
  const m = /^([A-Z]{1,2}\d[A-Z\d]?)\s*(\d[A-Z]{2})$/i.exec(value.trim());
  return m ? `${m[1]!.toUpperCase()} ${m[2]!.toUpperCase()}` : null;
}

/**
 * `POST /staff/self-service/personal`: preferred name and address. Forename and surname are HR's
 * to change (docs/product.md#my-details: read-only here); sending other values is refused, not ignored.
 * @throws AppError BAD_REQUEST with per-field errors.
 */
export async function updatePersonal(opts: {
  services: Services;
  staffId: string;
  body: PersonalBody;
  ip: string;
}): Promise<StaffMember> {
  const { services, body } = opts;
  const row = await loadRow(services, opts.staffId);
  const errors: FieldError[] = [];
  if (body.forename !== undefined && body.forename.trim() !== row.forename)
    errors.push({ field: 'forename', error: 'cannot be changed here: ask your manager' });
  if (body.surname !== undefined && body.surname.trim() !== row.surname)
    errors.push({ field: 'surname', error: 'cannot be changed here: ask your manager' });
  let postcode = clean(body.address_postal_code);
  if (postcode) {
    postcode = normalisePostcode(postcode);
    if (!postcode) errors.push({ field: 'address_postal_code', error: 'Enter a UK postcode, like LS1 4AP' });
  }
  if (errors.length) throw invalid(errors);
  const next = {
    knownAs: clean(body.known_as),
    addressLine1: clean(body.address_line1),
    addressLine2: clean(body.address_line2),
    addressLine3: clean(body.address_line3),
    addressCounty: clean(body.address_county),
    addressPostalCode: postcode,
  };
  const changes = changedFields(row, next);
  const [updated] = await services.db.transaction(async (tx) => {
    const result = await tx
      .update(staff)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(staff.id, row.id))
      .returning();
    if (Object.keys(changes).length) {
      await audit(tx, {
        staffId: row.id,
        actor: `staff:${row.id}`,
        action: 'staff.personal_details_changed',
        ip: opts.ip,
        details: changes,
      });
    }
    return result;
  });
  return toStaffMember(updated!);
}

/** Largest side of a stored profile picture: the capture size of docs/product.md#my-details. */
const SELFIE_SIDE = 800;

/**
 * `POST /staff/self-service/image`: the profile picture, once (docs/product.md#my-details). JPEG or PNG only, sniffed,
 * re-encoded as JPEG of at most 800x800 with no metadata.
 * @throws AppError FORBIDDEN when a picture exists (the line-manager note of docs/product.md#my-details), BAD_REQUEST,
 * TOO_LARGE or UNSUPPORTED_MEDIA_TYPE for the image.
 */
export async function saveSelfie(opts: {
  services: Services;
  staffId: string;
  imageData: string;
  ip: string;
}): Promise<StaffMember> {
  const { services } = opts;
  const row = await loadRow(services, opts.staffId);
  if (row.selfieFileId) throw new AppError('FORBIDDEN', SELFIE_LOCKED_NOTE);
  if (!/^data:image\/(jpeg|png)[;,]/i.test(opts.imageData)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The picture must be a JPEG or PNG image.', [
      { field: 'image_data', error: 'must be a JPEG or PNG image' },
    ]);
  }
  const vetted = await vetUpload(decodeDataUrl(opts.imageData, MAX_SELFIE_BYTES), ['image/jpeg', 'image/png']);
  const sharp = await loadSharp();
  const jpeg = await sharp(vetted.bytes)
    .resize(SELFIE_SIDE, SELFIE_SIDE, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
  const file = await storeFile({
    services,
    ownerStaffId: row.id,
    bucket: 'selfies',
    filename: 'selfie.jpg',
    contentType: 'image/jpeg',
    bytes: jpeg,
  });
  const [updated] = await services.db
    .update(staff)
    .set({ selfieFileId: file.id, updatedAt: new Date() })
    .where(and(eq(staff.id, row.id), isNull(staff.selfieFileId)))
    .returning();
  if (!updated) {
    await deleteFiles({ services, ids: [file.id] });
    throw new AppError('FORBIDDEN', SELFIE_LOCKED_NOTE);
  }
  await audit(services.db, {
    staffId: row.id,
    actor: `staff:${row.id}`,
    action: 'staff.selfie_saved',
    ip: opts.ip,
    details: { file_id: file.id },
  });
  return toStaffMember(updated);
}

/** The bytes of a member's own current picture. @throws AppError NOT_FOUND for any other file. */
export async function readOwnSelfie(opts: { services: Services; staffId: string; fileId: string }): Promise<Buffer> {
  const row = await loadRow(opts.services, opts.staffId);
  if (!row.selfieFileId || row.selfieFileId !== opts.fileId) throw new AppError('NOT_FOUND', 'No such picture.');
  return (await readFile({ services: opts.services, id: row.selfieFileId })).bytes;
}

/**
 * HR or a venue manager removes member `staffId`'s picture so they can take a new one.
 * @returns whether there was one. @throws AppError NOT_FOUND for an unknown id.
 */
export async function resetSelfie(opts: { services: Services; staffId: string; actor: string }): Promise<boolean> {
  const { services } = opts;
  const person = await findStaffWithVenue(services.db, { id: opts.staffId });
  if (!person) throw new AppError('NOT_FOUND', 'That person was not found.');
  if (!person.selfieFileId) return false;
  await services.db.update(staff).set({ selfieFileId: null, updatedAt: new Date() }).where(eq(staff.id, person.id));
  await deleteFiles({ services, ids: [person.selfieFileId] });
  await audit(services.db, {
    staffId: person.id,
    actor: opts.actor,
    action: 'staff.selfie_reset',
    details: { file_id: person.selfieFileId },
  });
  return true;
}

/**
 * `POST /staff/self-service/language`: keeps on member `staffId`'s record the language they read the
 * staff side in (null for English), so every device they sign in on and the mails and messages sent to
 * them can follow it (docs/decisions/0069-member-language.md). Not audited: it changes no personal data.
 * @returns the language as kept.
 */
export async function setLanguage(opts: {
  services: Services;
  staffId: string;
  language: Language | null;
}): Promise<{ language: Language | null }> {
  await opts.services.db
    .update(staff)
    .set({ language: opts.language, updatedAt: new Date() })
    .where(eq(staff.id, opts.staffId));
  return { language: opts.language };
}
