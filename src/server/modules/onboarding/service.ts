/**
 * Self-service onboarding of a joiner (docs/product.md#onboarding: Onboarding, onboarding steps, rules, calls):
 * details → contract → password → complete, each step only from the one before (409 otherwise).
 * HR invites with `invite`; the joiner is identified only by the link token (docs/architecture.md#identity).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { todayInUk } from '@server/lib/uk-days.js';
import { and, count, eq, notInArray } from 'drizzle-orm';
import type { StoredFile } from '@shared/api/files.js';
import type { FieldValue, OnboardingStatus, OnboardingStep } from '@shared/api/onboarding.js';
import { BANK_ACCOUNT_FIELD, bankAccountDigits, SORT_CODE_FIELD, sortCodeDigits } from '@shared/bank-details.js';
import { getBrand } from '@shared/brands.js';
import { checkPassword, passwordAcceptable, PASSWORD_MIN_LENGTH } from '@shared/password-rules.js';
import { fieldsets, files, onboardingDrafts, onboardings, staff } from '@server/db/schema.js';
import { isLeaver } from '@server/lib/leavers.js';
import { audit } from '@server/lib/audit.js';
import { AppError } from '@server/errors.js';
import { serverTranslator } from '@server/i18n/messages.js';
import { hashPassword } from '@server/lib/passwords.js';
import { TEMPLATES_DIR } from '@server/lib/templates-dir.js';
import { hashToken } from '@server/lib/tokens.js';
import type { Db } from '@server/db/client.js';
import { whyNotDelivered, type DeliveryProblem } from '@server/lib/delivery-queue.js';
import { toE164 } from '@server/lib/phone-numbers.js';
import type { SealLog } from '@server/lib/unopened-seals.js';
import type { Services } from '@server/services.js';
import {
  documentPdf,
  findDocument,
  issueDocument,
  noteLinkDelivery,
  recordFirstOpen,
  signDocument,
  type TemplateFile,
} from '@server/modules/documents/index.js';
import { isExpired, linkMailFooter, linkNotValid, newLinkToken } from '@server/modules/documents/index.js';
import { deleteFiles, findOwnedFile, toStoredFile, uploadFile } from '@server/modules/files/index.js';
import {
  bankDetailsChange,
  createStaffMember,
  findStaffWithVenue,
  maskAccountNumber,
  maskSortCode,
  sealBankDetails,
} from '@server/modules/staff/index.js';
import { findFieldset } from './fieldsets.js';
import { uploadsOf } from './file-answers.js';
import { openAnswers, sealAnswers } from './sealed-answers.js';
import { validateAnswers } from './validate-answers.js';
import { isUuid } from '@server/lib/ids.js';

export type OnboardingRow = typeof onboardings.$inferSelect;

/** The contract every joiner signs unless HR gives another (`invite --contract-template`). */
export const DEFAULT_CONTRACT_TEMPLATE = path.join(TEMPLATES_DIR, 'contract-of-employment.html');

/**
 * Answers with these names also fill the staff record, so My Details and the dashboard start
 * complete (their field types are checked at import: RESERVED_NAME_TYPES).
 */
const STAFF_COLUMNS = {
  date_of_birth: 'dateOfBirth',
  known_as: 'knownAs',
  mobile: 'mobile',
  nok_name: 'nokName',
  nok_phone: 'nokPhone',
  address_line1: 'addressLine1',
  address_line2: 'addressLine2',
  address_line3: 'addressLine3',
  address_county: 'addressCounty',
  address_postal_code: 'addressPostalCode',
} as const satisfies Record<string, keyof typeof staff.$inferInsert>;

export interface InviteInput {
  forename: string;
  surname: string;
  email: string;
  venueId?: string;
  position?: string;
  startDate?: string;
  /** The fieldset's name (its key, as imported); default the most recently imported. */
  fieldset?: string;
  contractTemplate?: TemplateFile;
  /** The contract's title when `contractTemplate` is a stored template (docs/product.md#document-templates). */
  contractTitle?: string;
  /** The stored template it is, named in the contract's audit entry. */
  contractTemplateId?: string;
}

/**
 * Queues the invitation with the onboarding link in `tx`, the transaction that makes the link: in the
 * language on the joiner's record, which is English until they choose one. @returns the delivery's id.
 */
function queueInvitation(
  services: Services,
  tx: Pick<Db, 'insert'>,
  person: { staffId: string; email: string; forename: string; brand: string | null; language: string | null },
  link: string,
  expiresAt: Date,
): Promise<string> {
  const brand = getBrand(person.brand ?? services.config.brand);
  const t = serverTranslator(person.language);
  return services.deliveries.enqueue(tx, {
    purpose: 'invitation',
    staffId: person.staffId,
    mail: {
      to: person.email,
      subject: t('invitation.subject', { brand: brand.name }),
      text: [
        t('mail.hi', { name: person.forename }),
        '',
        t('invitation.text', { brand: brand.name, link }),
        '',
        ...linkMailFooter(expiresAt, person.language),
      ].join('\n'),
    },
  });
}

/**
 * Sends joiner `staffId`, who has not finished onboarding, a new `/onboard/<token>` link; the old one
 * stops working and what its holder typed is dropped.
 * @throws AppError NOT_FOUND for an unknown member; EMAIL_TAKEN (409) for one who has finished onboarding
 *   or was never invited (they sign in as they are).
 */
export async function reissueOnboardingLink(opts: {
  services: Services;
  staffId: string;
  actor: string;
}): Promise<{ staffId: string; link: string; reissued: true; mailError?: DeliveryProblem }> {
  const { services } = opts;
  const { db, config } = services;
  const existing = await findStaffWithVenue(db, { id: opts.staffId });
  if (!existing) throw new AppError('NOT_FOUND', 'That person was not found.');
  const [onboarding] = await db.select().from(onboardings).where(eq(onboardings.staffId, existing.id)).limit(1);
  if (!onboarding || onboarding.step === 'complete' || existing.passwordHash) {
    throw new AppError(
      'EMAIL_TAKEN',
      `A staff member with the email ${existing.emailAddress} already exists${onboarding?.step === 'complete' ? ' and has finished onboarding' : ''}.`,
    );
  }
  const token = newLinkToken(config.linkTokenDays);
  const link = `${config.publicUrl}/onboard/${token.token}`;
  const invitation = await db.transaction(async (tx) => {
    await tx
      .update(onboardings)
      .set({ tokenHash: token.tokenHash, expiresAt: token.expiresAt, updatedAt: new Date() })
      .where(eq(onboardings.id, onboarding.id));
    // A new link is how HR answers a link that went astray: what its holder typed must not prefill the form.
    await tx.delete(onboardingDrafts).where(eq(onboardingDrafts.onboardingId, onboarding.id));
    await audit(tx, {
      staffId: existing.id,
      actor: opts.actor,
      action: 'onboarding.link_reissued',
      details: { onboarding_id: onboarding.id },
    });
    const deliveryId = await queueInvitation(
      services,
      tx,
      {
        staffId: existing.id,
        email: existing.emailAddress,
        forename: existing.forename,
        brand: existing.venueBrand,
        language: existing.language,
      },
      link,
      token.expiresAt,
    );
    await noteLinkDelivery(tx, { documentId: onboarding.contractId, deliveryId });
    return deliveryId;
  });
  return {
    staffId: existing.id,
    link,
    reissued: true,
    mailError: await whyNotDelivered(services.deliveries, invitation),
  };
}

/**
 * Invites a joiner: creates the staff member (no password yet), their contract and their onboarding,
 * and emails the `/onboard/<token>` link. Inviting again, by email, someone who has not finished
 * onboarding sends a new link and the old one stops working (reissueOnboardingLink).
 * @returns the link (also emailed), whether it replaced an earlier one, and why the email could not
 * be sent if it could not (the invitation stands: HR can pass the link on).
 * @throws AppError EMAIL_TAKEN (409) when the email belongs to someone already onboarded; VENUE_NOT_FOUND,
 * VENUE_ARCHIVED, FIELDSET_NOT_FOUND, or BAD_REQUEST / TEMPLATE_DETAILS_MISSING for a bad contract
 * template. Nothing is kept when any step fails.
 */
export async function inviteJoiner(opts: {
  services: Services;
  input: InviteInput;
  actor: string;
}): Promise<{ staffId: string; link: string; reissued: boolean; mailError?: DeliveryProblem }> {
  const { services, input } = opts;
  const { db, config } = services;
  const email = input.email.trim().toLowerCase();
  // The new joiner has no id yet: their email is who they are until the row exists.
  const existing = await findStaffWithVenue(db, { email });
  if (existing) return reissueOnboardingLink({ services, staffId: existing.id, actor: opts.actor });

  const fieldset = await findFieldset(db, input.fieldset);
  const template = input.contractTemplate ?? {
    filename: path.basename(DEFAULT_CONTRACT_TEMPLATE),
    bytes: await fs.readFile(DEFAULT_CONTRACT_TEMPLATE),
  };
  const { id: staffId } = await createStaffMember({
    db,
    actor: opts.actor,
    input: {
      forename: input.forename,
      surname: input.surname,
      email,
      venueId: input.venueId,
      position: input.position,
      startDate: input.startDate,
    },
  });
  try {
    const { row: contract } = await issueDocument({
      services,
      kind: 'contract',
      staffId,
      template,
      title: input.contractTitle,
      actor: opts.actor,
      link: false,
      templateId: input.contractTemplateId,
    });
    const token = newLinkToken(config.linkTokenDays);
    const link = `${config.publicUrl}/onboard/${token.token}`;
    const person = await findStaffWithVenue(db, { id: staffId });
    const invitation = await db.transaction(async (tx) => {
      const [onboarding] = await tx
        .insert(onboardings)
        .values({
          staffId,
          tokenHash: token.tokenHash,
          expiresAt: token.expiresAt,
          fieldsetId: fieldset.id,
          fields: fieldset.fields,
          contractId: contract.id,
        })
        .returning({ id: onboardings.id });
      await audit(tx, {
        staffId,
        actor: opts.actor,
        action: 'onboarding.invited',
        details: { onboarding_id: onboarding!.id, fieldset: fieldset.name, contract_id: contract.id },
      });
      const deliveryId = await queueInvitation(
        services,
        tx,
        {
          staffId,
          email,
          forename: input.forename,
          brand: person?.venueBrand ?? null,
          language: person?.language ?? null,
        },
        link,
        token.expiresAt,
      );
      await noteLinkDelivery(tx, { documentId: contract.id, deliveryId });
      return deliveryId;
    });
    return { staffId, link, reissued: false, mailError: await whyNotDelivered(services.deliveries, invitation) };
  } catch (err) {
    // Nothing half-way: the staff row cascades to its documents, files and onboarding.
    await db.delete(staff).where(eq(staff.id, staffId));
    throw err;
  }
}

/**
 * The onboarding a link opens. @throws AppError NOT_FOUND for an unknown or expired link, and for a
 * leaver's, answered alike (docs/product.md#leavers).
 */
export async function findOnboarding(services: Services, token: string): Promise<OnboardingRow> {
  const [found] = await services.db
    .select({ row: onboardings, accessEndsAt: staff.accessEndsAt })
    .from(onboardings)
    .innerJoin(staff, eq(staff.id, onboardings.staffId))
    .where(eq(onboardings.tokenHash, hashToken(token)))
    .limit(1);
  if (!found || isExpired(found.row.expiresAt) || isLeaver(found.accessEndsAt)) throw linkNotValid();
  return found.row;
}

export const WRONG_STEP: Record<OnboardingStep, string> = {
  details: 'Please fill in your details first.',
  contract: 'Please sign your contract first.',
  password: 'Your contract is signed: please set your password.',
  complete: 'You have already finished onboarding. You can sign in now.',
};

/** @throws AppError CONFLICT unless the onboarding is at `step`. */
export function requireStep(row: OnboardingRow, ...steps: OnboardingStep[]): void {
  if (!steps.includes(row.step)) throw new AppError('CONFLICT', WRONG_STEP[row.step]);
}

/** The joiner's own onboarding upload with this id, as a form keeps it; undefined for anyone else's file or none. */
export async function findOnboardingUpload(
  services: Services,
  row: OnboardingRow,
  id: string,
): Promise<StoredFile | undefined> {
  if (!isUuid(id)) return undefined;
  const file = await findOwnedFile({ services, id, ownerStaffId: row.staffId });
  return file && file.bucket === 'onboarding' ? toStoredFile(file) : undefined;
}

/**
 * The bank details among saved answers (docs/product.md#field-definitions), as digits, when both
 * were answered; null otherwise.
 */
function bankDetailsIn(answers: Record<string, FieldValue>): { account: string; sortCode: string } | null {
  const account = answers[BANK_ACCOUNT_FIELD];
  const sortCode = answers[SORT_CODE_FIELD];
  const digits = {
    account: typeof account === 'string' ? bankAccountDigits(account) : null,
    sortCode: typeof sortCode === 'string' ? sortCodeDigits(sortCode) : null,
  };
  return digits.account && digits.sortCode ? { account: digits.account, sortCode: digits.sortCode } : null;
}

/**
 * Saved answers as the link may show them: bank details masked as My Details masks them for a session
 * without a recent second factor (`****5678`, `**-**-56`); the link is not one.
 */
function shownAnswers(answers: Record<string, FieldValue>): Record<string, FieldValue> {
  const shown = { ...answers };
  const account = answers[BANK_ACCOUNT_FIELD];
  const sortCode = answers[SORT_CODE_FIELD];
  if (typeof account === 'string') shown[BANK_ACCOUNT_FIELD] = maskAccountNumber(account);
  if (typeof sortCode === 'string') shown[SORT_CODE_FIELD] = maskSortCode(sortCode);
  return shown;
}

/** docs/product.md#onboarding onboarding status; `log` hears of saved answers that do not open (sealed-answers.ts). */
async function toStatus(services: Services, row: OnboardingRow, log: SealLog): Promise<OnboardingStatus> {
  const [person] = await services.db
    .select({ forename: staff.forename, knownAs: staff.knownAs })
    .from(staff)
    .where(eq(staff.id, row.staffId))
    .limit(1);
  const [fieldset] = await services.db
    .select({ name: fieldsets.name })
    .from(fieldsets)
    .where(eq(fieldsets.id, row.fieldsetId))
    .limit(1);
  return {
    step: row.step,
    data: { forename: person?.knownAs ?? person?.forename ?? '' },
    // Once onboarding is complete the link no longer shows what was answered (NI number, documents).
    fields: row.step === 'complete' ? {} : shownAnswers(openAnswers(services.fieldKeys, row, log)),
    fieldset: { data: { name: fieldset?.name ?? '', fields: row.fields } },
    errors: [],
  };
}

/** `GET /staff/self-service-onboard/<token>`. */
export async function getOnboardingStatus(opts: {
  services: Services;
  token: string;
  log: SealLog;
}): Promise<OnboardingStatus> {
  return toStatus(opts.services, await findOnboarding(opts.services, opts.token), opts.log);
}

/**
 * `POST /staff/self-service-onboard/<token>`: validates and saves the details, moving to `contract`.
 * @throws AppError BAD_REQUEST with per-field errors (nothing saved), CONFLICT after this step.
 */
export async function saveOnboardingDetails(opts: {
  services: Services;
  token: string;
  fields: Record<string, FieldValue>;
  ip: string;
  log: SealLog;
}): Promise<OnboardingStatus> {
  const { services } = opts;
  const row = await findOnboarding(services, opts.token);
  requireStep(row, 'details');
  const { answers, errors } = await validateAnswers(row.fields, opts.fields, {
    today: todayInUk(),
    findFile: (id) => findOnboardingUpload(services, row, id),
  });
  if (errors.length) throw new AppError('BAD_REQUEST', 'Some answers need another look.', errors);

  const staffUpdate: Partial<typeof staff.$inferInsert> = {};
  for (const [name, column] of Object.entries(STAFF_COLUMNS)) {
    const value = answers[name];
    // Phone numbers are stored in E.164 (lib/phone-numbers.ts); the answers keep them as typed.
    if (typeof value === 'string')
      staffUpdate[column] = column === 'mobile' || column === 'nokPhone' ? ((await toE164(value)) ?? value) : value;
  }
  const updated = await services.db.transaction(async (tx) => {
    const [next] = await tx
      .update(onboardings)
      .set({ ...sealAnswers(services.fieldKeys, row.id, answers), step: 'contract', updatedAt: new Date() })
      .where(and(eq(onboardings.id, row.id), eq(onboardings.step, 'details')))
      .returning();
    if (!next) throw new AppError('CONFLICT', WRONG_STEP.contract);
    // The saved answers replace the draft: the details form is never shown again.
    await tx.delete(onboardingDrafts).where(eq(onboardingDrafts.onboardingId, row.id));
    if (Object.keys(staffUpdate).length)
      await tx
        .update(staff)
        .set({ ...staffUpdate, updatedAt: new Date() })
        .where(eq(staff.id, row.staffId));
    await audit(tx, {
      staffId: row.staffId,
      actor: `joiner:${row.staffId}`,
      action: 'onboarding.details_saved',
      ip: opts.ip,
      // Names only: the answers are personal data (NI number, right-to-work documents).
      details: { onboarding_id: row.id, answered: Object.keys(answers) },
    });
    return next;
  });
  await removeUnusedUploads(services, row.staffId, answers);
  return toStatus(services, updated, opts.log);
}

/** Deletes the joiner's onboarding uploads no saved answer refers to (replaced or abandoned files). */
async function removeUnusedUploads(services: Services, staffId: string, answers: Record<string, FieldValue>) {
  const kept = Object.values(uploadsOf(answers)).map((file) => file.id);
  const unused = await services.db
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        eq(files.ownerStaffId, staffId),
        eq(files.bucket, 'onboarding'),
        ...(kept.length ? [notInArray(files.id, kept)] : []),
      ),
    );
  await deleteFiles({ services, ids: unused.map((f) => f.id) });
}

/** `GET .../contract/text`: the HTML, or the PDF address in meta.url (docs/product.md#onboarding: Contract text). */
export async function getOnboardingContractText(opts: {
  services: Services;
  token: string;
  ip: string;
  userAgent: string;
}) {
  const row = await findOnboarding(opts.services, opts.token);
  requireStep(row, 'contract', 'password', 'complete');
  const contract = await findDocument({ services: opts.services, id: row.contractId });
  await recordFirstOpen({ ...opts, row: contract });
  const pdfUrl = `/api/staff/self-service-onboard/${encodeURIComponent(opts.token)}/contract/pdf`;
  return {
    data: contract.sourceFileId ? '' : (contract.html ?? ''),
    meta: { url: contract.sourceFileId ? pdfUrl : null, title: contract.title },
  };
}

/** `GET .../contract/pdf`: the contract PDF (the signed one once signed). */
export async function getOnboardingContractPdf(opts: {
  services: Services;
  token: string;
}): Promise<{ bytes: Uint8Array; title: string }> {
  const row = await findOnboarding(opts.services, opts.token);
  requireStep(row, 'contract', 'password', 'complete');
  const contract = await findDocument({ services: opts.services, id: row.contractId });
  return { bytes: await documentPdf({ services: opts.services, row: contract }), title: contract.title };
}

/**
 * `POST .../contract/sign`: signs the contract with evidence and moves to `password`.
 * @throws AppError BAD_REQUEST (bad or blank signature), CONFLICT (wrong step or already signed).
 */
export async function signOnboardingContract(opts: {
  services: Services;
  token: string;
  signatureData: string;
  ip: string;
  userAgent: string;
  log: SealLog;
}): Promise<OnboardingStatus> {
  const { services } = opts;
  const row = await findOnboarding(services, opts.token);
  requireStep(row, 'contract');
  const contract = await findDocument({ services, id: row.contractId });
  if (!contract.signedAt) {
    await signDocument({
      services,
      row: contract,
      signatureData: opts.signatureData,
      ip: opts.ip,
      userAgent: opts.userAgent,
      actor: `joiner:${row.staffId}`,
    });
  }
  const [next] = await services.db
    .update(onboardings)
    .set({ step: 'password', updatedAt: new Date() })
    .where(and(eq(onboardings.id, row.id), eq(onboardings.step, 'contract')))
    .returning();
  if (!next) throw new AppError('CONFLICT', WRONG_STEP.password);
  return toStatus(services, next, opts.log);
}

/**
 * `POST .../password`: docs/product.md#onboarding rules (8+ characters, 1 digit, check equal); moves to `complete`,
 * after which the joiner signs in with their email and this password. Completing onboarding is also
 * what the member's record says (docs/decisions/0041-completing-onboarding-completes-the-record.md): in
 * the same transaction `onboard_complete` is set, and the bank details answered are moved to the
 * staff record, sealed as My Details seals them, for the payroll hand-off (audited masked).
 * @throws AppError BAD_REQUEST with per-field errors, CONFLICT (wrong step).
 */
export async function setOnboardingPassword(opts: {
  services: Services;
  token: string;
  password: string;
  passwordCheck: string;
  ip: string;
  log: SealLog;
}): Promise<OnboardingStatus> {
  const { services } = opts;
  const row = await findOnboarding(services, opts.token);
  requireStep(row, 'password');
  const checks = checkPassword(opts.password, opts.passwordCheck);
  if (!passwordAcceptable(checks, true)) {
    const fields = [
      ...(checks.length ? [] : [{ field: 'password', error: `must be at least ${PASSWORD_MIN_LENGTH} characters` }]),
      ...(checks.digit ? [] : [{ field: 'password', error: 'must contain at least 1 digit' }]),
      ...(checks.matches ? [] : [{ field: 'password_check', error: 'must be the same as the password' }]),
    ];
    throw new AppError('BAD_REQUEST', 'Choose a password that meets the rules.', fields);
  }
  const passwordHash = await hashPassword(opts.password);
  const answers = openAnswers(services.fieldKeys, row, opts.log);
  const bank = bankDetailsIn(answers);
  const next = await services.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(onboardings)
      .set({
        step: 'complete',
        completedAt: new Date(),
        updatedAt: new Date(),
        // Moved, not copied: the staff record is their one home from now on, where My Details changes them.
        ...(bank && sealAnswers(services.fieldKeys, row.id, withoutBankDetails(answers))),
      })
      .where(and(eq(onboardings.id, row.id), eq(onboardings.step, 'password')))
      .returning();
    if (!updated) throw new AppError('CONFLICT', WRONG_STEP.complete);
    // Saving the details removed it already; nothing of a draft outlives onboarding (decision 0018).
    await tx.delete(onboardingDrafts).where(eq(onboardingDrafts.onboardingId, row.id));
    const [before] = await tx
      .select({ bankAccountLast4: staff.bankAccountLast4, sortCodeLast2: staff.sortCodeLast2 })
      .from(staff)
      .where(eq(staff.id, row.staffId));
    await tx
      .update(staff)
      .set({
        passwordHash,
        onboardComplete: true,
        ...(bank && sealBankDetails(services.fieldKeys, row.staffId, bank)),
        updatedAt: new Date(),
      })
      .where(eq(staff.id, row.staffId));
    if (bank && before) {
      await audit(tx, {
        staffId: row.staffId,
        actor: `joiner:${row.staffId}`,
        action: 'staff.bank_details_changed',
        ip: opts.ip,
        details: { ...bankDetailsChange(before, bank), onboarding_id: row.id },
      });
    }
    await audit(tx, {
      staffId: row.staffId,
      actor: `joiner:${row.staffId}`,
      action: 'onboarding.password_set',
      ip: opts.ip,
      details: { onboarding_id: row.id },
    });
    return updated;
  });
  return toStatus(services, next, opts.log);
}

/** Answers without the bank details, once the staff record holds them. */
function withoutBankDetails(answers: Record<string, FieldValue>): Record<string, FieldValue> {
  const { [BANK_ACCOUNT_FIELD]: _account, [SORT_CODE_FIELD]: _sortCode, ...rest } = answers;
  return rest;
}

/** Upload buckets an onboarding link may use. */
const ONBOARDING_BUCKETS = ['onboarding'];

/** Files one onboarding may upload (replacements included): bounds the storage one link can use. */
export const MAX_ONBOARDING_UPLOADS = 30;

/**
 * `POST /staff/self-service/<token>/file`: a file for a file field, while the details are open.
 * @throws AppError (see uploadFile), CONFLICT after the details step.
 */
export async function uploadOnboardingFile(opts: {
  services: Services;
  token: string;
  fileData: string;
  filename: string;
  bucket?: string;
}): Promise<StoredFile> {
  const row = await findOnboarding(opts.services, opts.token);
  requireStep(row, 'details');
  const bucket = opts.bucket ?? 'onboarding';
  if (!ONBOARDING_BUCKETS.includes(bucket)) {
    throw new AppError('BAD_REQUEST', 'Files cannot be uploaded there.', [
      { field: 'bucket', error: 'is not a bucket this link may use' },
    ]);
  }
  const [{ uploaded }] = (await opts.services.db
    .select({ uploaded: count() })
    .from(files)
    .where(and(eq(files.ownerStaffId, row.staffId), eq(files.bucket, 'onboarding')))) as [{ uploaded: number }];
  if (uploaded >= MAX_ONBOARDING_UPLOADS) {
    throw new AppError(
      'TOO_MANY_REQUESTS',
      'Too many files have been uploaded with this link. Ask your manager for help.',
    );
  }
  return uploadFile({
    services: opts.services,
    ownerStaffId: row.staffId,
    bucket,
    fileData: opts.fileData,
    filename: opts.filename,
  });
}
