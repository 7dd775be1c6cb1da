/**
 * Every record Staffroom holds about one person, as plain data for a subject-access answer
 * (docs/product.md#subject-access, UK GDPR Article 15): the staff record, venues managed, contact
 * history (mail and texts queued or sent), sessions and sign-ins, documents with their evidence and
 * history, onboarding answers, uploads, vehicles, survey answers, right-to-work checks, two-factor
 * methods, reminders sent, password links and the audit lines about them.
 *
 * Secrets never appear: password hashes, authenticator secrets, token and code hashes, session ids,
 * an external provider's ID token and a message's sealed body are left out by name below (and
 * tests/api/subject-access.test.ts looks for them in the zip). Sealed personal values are opened:
 * the NI number, onboarding answers, a share code; bank details in full only for `audience: 'self'`
 * (the member's own download after a second factor), masked for HR (docs/decisions/0068-subject-access.md).
 */
import { asc, eq } from 'drizzle-orm';
import {
  auditEvents,
  deliveries,
  documents,
  files,
  onboardingDrafts,
  onboardings,
  passwordLinks,
  remindersSent,
  rightToWorkCheckFiles,
  rightToWorkChecks,
  sessions,
  staff,
  surveys,
  surveySubmissions,
  tfaChallenges,
  tfaMethods,
  vehicles,
  venueManagers,
  venues,
} from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { openField } from '@server/lib/field-crypto.js';
import { sealContext } from '@server/lib/sealed-columns.js';
import { reportUnopenedSeal, type SealLog } from '@server/lib/unopened-seals.js';
import { gatherDocumentHistory, historyJson } from '@server/modules/documents/index.js';
import { openAnswers } from '@server/modules/onboarding/index.js';
import { maskAccountNumber, maskSortCode, openNiNumber, readBankDetails } from '@server/modules/staff/index.js';
import type { Services } from '@server/services.js';
import { TFA_TYPE } from '@shared/two-factor-types.js';

/** Who the answer is for: the member themselves (bank details in full) or HR answering a request (masked). */
export type SubjectAccessAudience = 'self' | 'hr';

/** A stored file of the person's that goes into the zip's `files/` folder. */
export interface SubjectFile {
  id: string;
  /** Its path in the zip, under `files/`, unique in the zip. */
  path: string;
  storageKey: string;
  contentType: string;
  size: number;
  createdAt: Date;
}

/** What `gatherSubjectData` answers: the JSON of every record, and the files to add beside it. */
export interface SubjectData {
  /** The person's name as the summary heads it. */
  name: string;
  data: Record<string, unknown>;
  files: SubjectFile[];
}

const PERSON_NOT_FOUND = 'That person was not found.';

const snakeKey = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A row as JSON: snake_case keys, times as ISO strings, the columns named in `omit` left out. */
function plain<T extends object>(row: T, omit: readonly (keyof T)[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (omit.includes(key as keyof T)) continue;
    out[snakeKey(key)] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

const TFA_TYPE_NAMES: Record<number, string> = {
  [TFA_TYPE.email]: 'email code',
  [TFA_TYPE.phone]: 'text message code',
  [TFA_TYPE.authenticator]: 'authenticator app',
};

/** A file's name in the zip: its kind, date and id make it unique; the original name says what it is. */
function zipPath(row: typeof files.$inferSelect): string {
  const safe = row.originalFilename
    .normalize('NFC')
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, '_')
    .replace(/^[.\s]+/, '')
    .slice(0, 80);
  return `files/${row.bucket}/${row.id.slice(0, 8)} ${safe || 'file'}`;
}

/** Onboarding answers with bank details masked, for HR. */
function maskAnswers(answers: Record<string, unknown>): Record<string, unknown> {
  const out = { ...answers };
  if (typeof out.bank_account === 'string') out.bank_account = maskAccountNumber(out.bank_account);
  if (typeof out.sort_code === 'string') out.sort_code = maskSortCode(out.sort_code.replace(/\D/g, ''));
  return out;
}

/**
 * Reads everything held about `staffId`. Record counts are small for one person (the audit log is
 * read whole, newest last); files are only listed here, their bytes are streamed by the zip.
 * @throws AppError NOT_FOUND when no such person exists.
 */
export async function gatherSubjectData(opts: {
  services: Services;
  staffId: string;
  audience: SubjectAccessAudience;
  log: SealLog;
}): Promise<SubjectData> {
  const { services, staffId, audience, log } = opts;
  const { db, fieldKeys } = services;
  const [person] = await db
    .select({ staff, venueName: venues.name })
    .from(staff)
    .leftJoin(venues, eq(venues.id, staff.venueId))
    .where(eq(staff.id, staffId))
    .limit(1);
  if (!person) throw new AppError('NOT_FOUND', PERSON_NOT_FOUND);
  const row = person.staff;

  const bank =
    audience === 'self'
      ? await readBankDetails({ db, fieldKeys, staffId, log })
      : { bank_account: maskAccountNumber(row.bankAccountLast4), sort_code: maskSortCode(row.sortCodeLast2) };
  const staffRecord = {
    ...plain(row, [
      'passwordHash',
      'bankAccountSealed',
      'sortCodeSealed',
      'bankAccountLast4',
      'sortCodeLast2',
      'niNumberSealed',
    ]),
    venue_name: person.venueName,
    has_password: row.passwordHash !== null,
    bank_account: bank.bank_account,
    sort_code: bank.sort_code,
    bank_details_shown: audience === 'self' ? 'in full' : 'masked',
    ni_number: openNiNumber({ fieldKeys, staffId, sealed: row.niNumberSealed, log }),
  };

  const managed = await db
    .select({ venue_id: venueManagers.venueId, venue_name: venues.name })
    .from(venueManagers)
    .innerJoin(venues, eq(venues.id, venueManagers.venueId))
    .where(eq(venueManagers.staffId, staffId));

  const messages = await db
    .select()
    .from(deliveries)
    .where(eq(deliveries.staffId, staffId))
    .orderBy(asc(deliveries.createdAt));

  const sessionRows = await db
    .select()
    .from(sessions)
    .where(eq(sessions.staffId, staffId))
    .orderBy(asc(sessions.createdAt));

  // Lines about this person; those they wrote as HR or a manager about others are the others' data.
  const auditRows = await db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.staffId, staffId))
    .orderBy(asc(auditEvents.at), asc(auditEvents.id));
  const isSignIn = (action: string) => action.startsWith('sign-in.');

  const fileRows = await db
    .select()
    .from(files)
    .where(eq(files.ownerStaffId, staffId))
    .orderBy(asc(files.createdAt), asc(files.id));

  const documentRows = await db
    .select()
    .from(documents)
    .where(eq(documents.staffId, staffId))
    .orderBy(asc(documents.createdAt), asc(documents.id));
  const documentsJson = [];
  for (const doc of documentRows) {
    documentsJson.push({
      ...plain(doc, ['tokenHash']),
      history: historyJson(await gatherDocumentHistory({ services, row: doc })),
    });
  }

  const onboardingRows = await db
    .select({ onboarding: onboardings, draft: onboardingDrafts })
    .from(onboardings)
    .leftJoin(onboardingDrafts, eq(onboardingDrafts.onboardingId, onboardings.id))
    .where(eq(onboardings.staffId, staffId));
  const shownAnswers = (answers: Record<string, unknown>) => (audience === 'self' ? answers : maskAnswers(answers));
  const onboardingsJson = onboardingRows.map(({ onboarding, draft }) => {
    let draftAnswers: Record<string, unknown> | null = null;
    if (draft) {
      try {
        draftAnswers = JSON.parse(
          openField(fieldKeys, draft.answersSealed, sealContext.onboardingDraft(onboarding.id)),
        ) as Record<string, unknown>;
      } catch {
        // A draft that does not open (a key rotated away) reads as none, as the onboarding page reads it.
        reportUnopenedSeal({ log, field: 'onboarding_drafts.answers_sealed', rowId: onboarding.id });
      }
    }
    return {
      ...plain(onboarding, ['tokenHash', 'answers', 'answersSealed', 'fields']),
      questions: onboarding.fields.map((f) => ({ name: f.name, label: f.label })),
      answers: shownAnswers(openAnswers(fieldKeys, onboarding, log)),
      draft: draft && {
        updated_at: draft.updatedAt.toISOString(),
        answers: draftAnswers && shownAnswers(draftAnswers),
      },
    };
  });

  const vehicleRows = await db
    .select()
    .from(vehicles)
    .where(eq(vehicles.staffId, staffId))
    .orderBy(asc(vehicles.createdAt));

  const answers = await db
    .select({ submission: surveySubmissions, surveyName: surveys.name })
    .from(surveySubmissions)
    .innerJoin(surveys, eq(surveys.id, surveySubmissions.surveyId))
    .where(eq(surveySubmissions.staffId, staffId))
    .orderBy(asc(surveySubmissions.submittedAt));

  const checks = await db
    .select()
    .from(rightToWorkChecks)
    .where(eq(rightToWorkChecks.staffId, staffId))
    .orderBy(asc(rightToWorkChecks.checkedOn), asc(rightToWorkChecks.createdAt));
  const checkFiles = await db
    .select({ checkId: rightToWorkCheckFiles.checkId, fileId: rightToWorkCheckFiles.fileId })
    .from(rightToWorkCheckFiles)
    .innerJoin(rightToWorkChecks, eq(rightToWorkChecks.id, rightToWorkCheckFiles.checkId))
    .where(eq(rightToWorkChecks.staffId, staffId));
  const checksJson = checks.map((check) => {
    let shareCode: string | null = null;
    if (check.shareCodeSealed) {
      try {
        shareCode = openField(fieldKeys, check.shareCodeSealed, sealContext.shareCode(check.id));
      } catch {
        shareCode = null;
      }
    }
    return {
      ...plain(check, ['shareCodeSealed']),
      share_code: shareCode,
      file_ids: checkFiles.filter((f) => f.checkId === check.id).map((f) => f.fileId),
    };
  });

  const methods = await db
    .select()
    .from(tfaMethods)
    .where(eq(tfaMethods.staffId, staffId))
    .orderBy(asc(tfaMethods.createdAt));
  const challenges = await db
    .select()
    .from(tfaChallenges)
    .where(eq(tfaChallenges.staffId, staffId))
    .orderBy(asc(tfaChallenges.createdAt));

  const reminders = await db
    .select()
    .from(remindersSent)
    .where(eq(remindersSent.staffId, staffId))
    .orderBy(asc(remindersSent.sentAt));
  const links = await db.select().from(passwordLinks).where(eq(passwordLinks.staffId, staffId));

  const subjectFiles: SubjectFile[] = fileRows.map((f) => ({
    id: f.id,
    path: zipPath(f),
    storageKey: f.storageKey,
    contentType: f.contentType,
    size: f.size,
    createdAt: f.createdAt,
  }));
  const pathOf = new Map(subjectFiles.map((f) => [f.id, f.path]));

  return {
    name: `${row.forename} ${row.surname}`,
    files: subjectFiles,
    data: {
      staff_record: staffRecord,
      venues_managed: managed,
      contact_history: messages.map((m) => plain(m, ['body', 'leaseUntil'])),
      sessions: sessionRows.map((s) => plain(s, ['tokenHash', 'idTokenSealed'])),
      sign_ins: auditRows.filter((a) => isSignIn(a.action)).map((a) => plain(a)),
      documents: documentsJson,
      onboarding: onboardingsJson,
      uploads: fileRows.map((f) => ({ ...plain(f, ['storageKey']), path_in_zip: pathOf.get(f.id) })),
      vehicles: vehicleRows.map((v) => plain(v)),
      survey_answers: answers.map(({ submission, surveyName }) => ({
        ...plain(submission),
        survey_name: surveyName,
      })),
      right_to_work_checks: checksJson,
      two_factor_methods: methods.map((m) => ({
        ...plain(m, ['secretSealed', 'lastTimeStep']),
        type_name: TFA_TYPE_NAMES[m.type] ?? 'email code',
      })),
      two_factor_checks: challenges.map((c) => plain(c, ['sessionTokenHash', 'codeHash'])),
      reminders_sent: reminders.map((r) => plain(r)),
      password_links: links.map((l) => plain(l, ['tokenHash'])),
      audit_lines: auditRows.filter((a) => !isSignIn(a.action)).map((a) => plain(a)),
    },
  };
}
