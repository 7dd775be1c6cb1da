/**
 * Erasing one kind of one person's personal data (docs/product.md#retention), inside the caller's
 * transaction: the retention job calls these for each person whose period has ended, and an erasure
 * HR asks for calls them for one person. Each returns the storage keys of the files whose rows it
 * deleted; the caller deletes those bytes after its transaction commits, so a crash in between leaves
 * bytes without a row, never a row without its bytes. Nothing is audited here: the caller writes the
 * line, naming its rule.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client.js';
import {
  auditEvents,
  deliveries,
  documents,
  documentTemplates,
  files,
  onboardingDrafts,
  onboardings,
  rightToWorkCheckFiles,
  rightToWorkChecks,
  sessions,
  staff,
  surveySubmissions,
  vehicles,
} from '@server/db/schema.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The kinds of a person's data erased on their own (docs/product.md#retention), in the order the job
 * takes them: the staff record last, since it goes only once nothing else of the person is kept.
 */
export const ERASURE_KINDS = [
  'selfie',
  'survey-answers',
  'bank-details',
  'right-to-work',
  'payroll-records',
  'vehicles',
  'documents',
  'staff-record',
] as const;
export type ErasureKind = (typeof ERASURE_KINDS)[number];

/** What an erasure did: the storage keys of the files it removed, whose bytes go after the commit. */
export interface Erased {
  storageKeys: string[];
}

/**
 * Deletes the file rows `ids` that no kept record names any more, and returns their storage keys.
 * A file another record still names (a template's PDF, a document's source shared with it) stays.
 */
async function deleteFiles(tx: Tx, ids: (string | null)[]): Promise<string[]> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (!wanted.length) return [];
  const removed = await tx
    .delete(files)
    .where(
      and(
        inArray(files.id, wanted),
        sql`not exists (select 1 from ${staff} where ${staff.selfieFileId} = ${files.id})`,
        sql`not exists (select 1 from ${documents} where ${documents.sourceFileId} = ${files.id} or ${documents.signatureFileId} = ${files.id} or ${documents.signedFileId} = ${files.id})`,
        sql`not exists (select 1 from ${vehicles} where ${vehicles.insuranceFileId} = ${files.id})`,
        sql`not exists (select 1 from ${documentTemplates} where ${documentTemplates.fileId} = ${files.id})`,
        sql`not exists (select 1 from ${rightToWorkCheckFiles} where ${rightToWorkCheckFiles.fileId} = ${files.id})`,
      ),
    )
    .returning({ storageKey: files.storageKey });
  return removed.map((f) => f.storageKey);
}

/** The ids of the person's own files in `buckets`. */
async function ownFiles(tx: Tx, staffId: string, buckets: string[]): Promise<string[]> {
  const rows = await tx
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.ownerStaffId, staffId), inArray(files.bucket, buckets)));
  return rows.map((r) => r.id);
}

/** The profile picture: the record stops naming it and the file goes. */
async function eraseSelfie(tx: Tx, staffId: string): Promise<Erased> {
  const [row] = await tx.select({ fileId: staff.selfieFileId }).from(staff).where(eq(staff.id, staffId));
  await tx.update(staff).set({ selfieFileId: null }).where(eq(staff.id, staffId));
  return { storageKeys: await deleteFiles(tx, [row?.fileId ?? null, ...(await ownFiles(tx, staffId, ['selfies']))]) };
}

/**
 * Survey answers stop naming their author (the counts HR reads are kept by triggers and do not move),
 * and an answer written in their own words that holds their name or details loses it: the string becomes
 * `[removed]` (its count moves with it). Files the person uploaded with an answer go, since they would
 * still say who answered.
 */
async function eraseSurveyAnswers(tx: Tx, staffId: string): Promise<Erased> {
  const [person] = await tx.select().from(staff).where(eq(staff.id, staffId));
  const values = person ? personalValues(person) : [];
  const answers = await tx
    .select({ id: surveySubmissions.id, answers: surveySubmissions.answers })
    .from(surveySubmissions)
    .where(eq(surveySubmissions.staffId, staffId));
  for (const row of answers) {
    const cleaned = withoutPersonalValues(row.answers, { staffId, values, aboutThem: false, replacement: REMOVED });
    if (JSON.stringify(cleaned) !== JSON.stringify(row.answers))
      await tx
        .update(surveySubmissions)
        .set({ answers: cleaned as typeof row.answers })
        .where(eq(surveySubmissions.id, row.id));
  }
  await tx.update(surveySubmissions).set({ staffId: null }).where(eq(surveySubmissions.staffId, staffId));
  return { storageKeys: await deleteFiles(tx, await ownFiles(tx, staffId, ['survey'])) };
}

/** What an answer holding a person's details becomes. */
const REMOVED = '[removed]';

/** Bank details, sealed and masked alike, from the staff record (onboarding moves them there at completion). */
async function eraseBankDetails(tx: Tx, staffId: string): Promise<Erased> {
  await tx
    .update(staff)
    .set({ bankAccountSealed: null, sortCodeSealed: null, bankAccountLast4: null, sortCodeLast2: null })
    .where(eq(staff.id, staffId));
  return { storageKeys: [] };
}

/**
 * Right-to-work checks (share codes included) and the copies they rest on, with every copy the person
 * uploaded for it in onboarding or in the console; the onboarding's plain list of its uploads is cleared.
 */
async function eraseRightToWork(tx: Tx, staffId: string): Promise<Erased> {
  const copies = await tx
    .select({ id: rightToWorkCheckFiles.fileId })
    .from(rightToWorkCheckFiles)
    .innerJoin(rightToWorkChecks, eq(rightToWorkChecks.id, rightToWorkCheckFiles.checkId))
    .where(eq(rightToWorkChecks.staffId, staffId));
  await tx.delete(rightToWorkChecks).where(eq(rightToWorkChecks.staffId, staffId));
  await tx
    .update(onboardings)
    .set({ answers: sql`'{}'::jsonb` })
    .where(eq(onboardings.staffId, staffId));
  const uploads = await ownFiles(tx, staffId, ['right-to-work', 'onboarding']);
  return { storageKeys: await deleteFiles(tx, [...copies.map((c) => c.id), ...uploads]) };
}

/** Payroll records: the NI number and date of birth, and the onboarding's saved answers and draft. */
async function erasePayrollRecords(tx: Tx, staffId: string): Promise<Erased> {
  await tx.update(staff).set({ niNumberSealed: null, dateOfBirth: null }).where(eq(staff.id, staffId));
  await tx
    .update(onboardings)
    .set({ answers: sql`'{}'::jsonb`, answersSealed: null })
    .where(eq(onboardings.staffId, staffId));
  await tx
    .delete(onboardingDrafts)
    .where(
      sql`${onboardingDrafts.onboardingId} in (select ${onboardings.id} from ${onboardings} where ${onboardings.staffId} = ${staffId})`,
    );
  return { storageKeys: [] };
}

/** Vehicles with their MOT details and insurance documents. */
async function eraseVehicles(tx: Tx, staffId: string): Promise<Erased> {
  const removed = await tx
    .delete(vehicles)
    .where(eq(vehicles.staffId, staffId))
    .returning({ fileId: vehicles.insuranceFileId });
  return {
    storageKeys: await deleteFiles(
      tx,
      removed.map((v) => v.fileId),
    ),
  };
}

/**
 * Contracts and agreements with their evidence (what was shown, the signature, the signer's address
 * and browser, the signed PDF), and the onboarding that issued the contract.
 */
async function eraseDocuments(tx: Tx, staffId: string): Promise<Erased> {
  await tx.delete(onboardings).where(eq(onboardings.staffId, staffId));
  const removed = await tx.delete(documents).where(eq(documents.staffId, staffId)).returning({
    source: documents.sourceFileId,
    signature: documents.signatureFileId,
    signed: documents.signedFileId,
  });
  return {
    storageKeys: await deleteFiles(
      tx,
      removed.flatMap((d) => [d.source, d.signature, d.signed]),
    ),
  };
}

/** Keys of audit details whose values are a person's own details as they were (`old`) or became (`new`). */
const PERSONAL_DETAIL_KEYS = new Set(['old', 'new', 'email', 'email_address', 'mobile']);

/**
 * `details` of an audit line with the person's own values replaced by their id: on a line about them
 * (`aboutThem`), every string under a key that holds a personal value; on any line, each string in
 * which one of `values` (the record's details, lower-cased) appears, whatever its case. Each is replaced
 * by `replacement`, the person's id unless given.
 */
function withoutPersonalValues(
  details: unknown,
  opts: { staffId: string; values: string[]; aboutThem: boolean; replacement?: string },
  key = '',
): unknown {
  if (typeof details === 'string') {
    if (opts.aboutThem && PERSONAL_DETAIL_KEYS.has(key)) return opts.replacement ?? opts.staffId;
    const lower = details.toLowerCase();
    return opts.values.some((v) => lower.includes(v)) ? (opts.replacement ?? opts.staffId) : details;
  }
  if (Array.isArray(details)) return details.map((d) => withoutPersonalValues(d, opts, key));
  if (details && typeof details === 'object') {
    return Object.fromEntries(
      Object.entries(details).map(([k, v]) => [
        k,
        withoutPersonalValues(v, opts, PERSONAL_DETAIL_KEYS.has(key) ? key : k),
      ]),
    );
  }
  return details;
}

/**
 * The values of a person's record that say who they are (name, email, mobile as stored and as people
 * write it at home, address, next of kin, payroll number), lower-cased, for finding them in free text.
 */
function personalValues(person: typeof staff.$inferSelect): string[] {
  const mobile = person.mobile?.startsWith('+44') ? `0${person.mobile.slice(3)}` : null;
  return [
    person.forename,
    person.surname,
    person.knownAs,
    person.emailAddress,
    person.mobile,
    mobile,
    person.nokName,
    person.nokPhone,
    person.addressLine1,
    person.addressLine2,
    person.addressLine3,
    person.addressPostalCode,
    person.payrollId,
  ]
    .filter((v): v is string => Boolean(v && v.trim().length >= 3))
    .map((v) => v.trim().toLowerCase());
}

/**
 * Replaces the personal values in the audit lines about `staffId` or by them with their id, and removes
 * the lines' addresses: on a line about them every string under a key that holds their details as they
 * were or became, and on any of those lines each string holding a value of their record (name, email,
 * mobile, address, next of kin, payroll number). @returns how many lines changed.
 */
async function scrubAuditLines(tx: Tx, person: typeof staff.$inferSelect): Promise<number> {
  const staffId = person.id;
  const values = personalValues(person);
  const lines = await tx
    .select({ id: auditEvents.id, staffId: auditEvents.staffId, details: auditEvents.details, ip: auditEvents.ip })
    .from(auditEvents)
    .where(or(eq(auditEvents.staffId, staffId), eq(auditEvents.actor, `staff:${staffId}`)));
  let changed = 0;
  for (const line of lines) {
    const aboutThem = line.staffId === staffId;
    const details = withoutPersonalValues(line.details, { staffId, values, aboutThem }) as Record<string, unknown>;
    // The address of a line is theirs when the line is about them or they acted.
    if (line.ip === null && JSON.stringify(details) === JSON.stringify(line.details)) continue;
    await tx.update(auditEvents).set({ details, ip: null }).where(eq(auditEvents.id, line.id));
    changed++;
  }
  return changed;
}

/**
 * What an erasure on request takes while the staff record itself must stay (docs/product.md#erasure-on-request):
 * the person's sessions (addresses and browsers), their messages (sent or waiting) and the personal values
 * and addresses in the audit log, as erasing the record would. The record keeps their name and contact
 * details for the documents and checks still kept. @returns whether anything changed.
 */
export async function eraseTraces(opts: { tx: Tx; staffId: string }): Promise<{ changed: boolean }> {
  const { tx, staffId } = opts;
  const [person] = await tx.select().from(staff).where(eq(staff.id, staffId));
  if (!person) return { changed: false };
  const gone = await tx.delete(sessions).where(eq(sessions.staffId, staffId)).returning({ id: sessions.tokenHash });
  const sent = await tx.delete(deliveries).where(eq(deliveries.staffId, staffId)).returning({ id: deliveries.id });
  const lines = await scrubAuditLines(tx, person);
  return { changed: gone.length + sent.length + lines > 0 };
}

/**
 * The staff record and everything still hanging from it (sessions, two-factor methods, messages,
 * reminders sent, manager's venues, files), once nothing else of the person is kept. The audit log
 * stays, naming them by id only: its lines about them lose their address and their personal values.
 */
async function eraseStaffRecord(tx: Tx, staffId: string): Promise<Erased> {
  const [person] = await tx.select().from(staff).where(eq(staff.id, staffId));
  if (!person) return { storageKeys: [] };
  await scrubAuditLines(tx, person);
  // A template's PDF stays with the template, whoever uploaded it.
  await tx
    .update(files)
    .set({ ownerStaffId: null })
    .where(
      and(
        eq(files.ownerStaffId, staffId),
        sql`exists (select 1 from ${documentTemplates} where ${documentTemplates.fileId} = ${files.id})`,
      ),
    );
  const own = await tx.select({ storageKey: files.storageKey }).from(files).where(eq(files.ownerStaffId, staffId));
  // The rest goes by the foreign keys' cascades: a single statement, so their order does not matter.
  await tx.delete(staff).where(eq(staff.id, staffId));
  return { storageKeys: own.map((f) => f.storageKey) };
}

const ERASERS: Record<ErasureKind, (tx: Tx, staffId: string) => Promise<Erased>> = {
  selfie: eraseSelfie,
  'survey-answers': eraseSurveyAnswers,
  'bank-details': eraseBankDetails,
  'right-to-work': eraseRightToWork,
  'payroll-records': erasePayrollRecords,
  vehicles: eraseVehicles,
  documents: eraseDocuments,
  'staff-record': eraseStaffRecord,
};

/**
 * Erases one kind of one person's data in `tx` (see the functions above for what each kind covers).
 * @returns the storage keys of the files removed: delete their bytes once `tx` has committed.
 */
export function erasePersonalData(opts: { tx: Tx; staffId: string; kind: ErasureKind }): Promise<Erased> {
  return ERASERS[opts.kind](opts.tx, opts.staffId);
}
