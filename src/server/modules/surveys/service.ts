/**
 * Staff surveys (docs/product.md#surveys): imported by HR, answered by signed-in
 * members, every answer validated against its question, exported as CSV.
 */
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isDeepStrictEqual } from 'node:util';
import { setImmediate } from 'node:timers/promises';
import { and, asc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { FieldError } from '@shared/api/errors.js';
import { surveyFileSchema, type Survey, type SurveyFile, type SurveyQuestion } from '@shared/api/surveys.js';
import {
  BARS_MAX,
  BARS_MIN,
  DISPLAY_ONLY_QUESTION_TYPES,
  SURVEY_DATE_FORMAT,
  SURVEY_SAVED_MESSAGE,
} from '@shared/survey-rules.js';
import { fileOpenPath } from '@shared/file-paths.js';
import { files, staff, surveys, surveySubmissions, surveyVersions, venues } from '@server/db/schema.js';
import { audit } from '@server/lib/audit.js';
import { loadCsvStringify, loadYaml } from '@server/lib/on-demand.js';
import { AppError } from '@server/errors.js';
import type { Services } from '@server/services.js';
import { isUuid } from '@server/lib/ids.js';
import { safeCell } from '@server/lib/csv-cell.js';

dayjs.extend(customParseFormat);

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Longest text answer kept. */
const MAX_TEXT = 5000;

/**
 * Parses and validates a survey file (JSON or YAML).
 * @throws AppError BAD_REQUEST listing every problem with its path, unknown types named.
 */
export async function parseSurvey(text: string, filename: string): Promise<SurveyFile> {
  const yaml = /\.ya?ml$/i.test(filename) ? await loadYaml() : undefined;
  let raw: unknown;
  try {
    raw = yaml ? yaml.parse(text) : JSON.parse(text);
  } catch (err) {
    throw new AppError(
      'BAD_REQUEST',
      `${filename} could not be read: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`,
    );
  }
  const parsed = surveyFileSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(file)'}: ${i.message}`);
    throw new AppError('BAD_REQUEST', `${filename} is not a valid survey:\n${problems.join('\n')}`);
  }
  return parsed.data;
}

/**
 * Stores a survey under the next free id, or under `id`: a new survey at version 1, or, when `id`
 * exists, its next version (docs/product.md#console-surveys). The current name and questions are
 * first copied to `survey_versions`, so answers already given stay with the version they answered
 * and a new version may reword, drop or retype questions freely. A file the same as the current
 * version (name and questions) adds none (`unchanged`), so the demo seed can run at every start.
 * Defaults must be valid answers.
 * @returns the id and the version now current. @throws AppError BAD_REQUEST (bad default; nothing stored).
 */
export async function importSurvey(opts: {
  services: Services;
  survey: SurveyFile;
  id?: number;
  actor: string;
}): Promise<{ id: number; version: number; replaced: boolean; unchanged: boolean }> {
  const { db } = opts.services;
  const problems: string[] = [];
  for (const q of opts.survey.questions) {
    if (q.default === null || q.default === undefined || DISPLAY_ONLY_QUESTION_TYPES.includes(q.type)) continue;
    const checked = await checkAnswer(opts.services, q, q.default, '');
    if ('error' in checked)
      problems.push(`question ${q.id} (${q.question}): the default must be a valid answer: ${checked.error}`);
  }
  if (problems.length) throw new AppError('BAD_REQUEST', problems.join('\n'));
  return db.transaction(async (tx) => {
    let id = opts.id;
    if (id === undefined) {
      const [top] = await tx.select({ top: max(surveys.id) }).from(surveys);
      id = (top?.top ?? 0) + 1;
    }
    // Locked, so that two imports of the same survey at once make two versions, one after the other.
    const [existing] = await tx.select().from(surveys).where(eq(surveys.id, id)).limit(1).for('update');
    if (
      existing &&
      existing.name === opts.survey.name &&
      isDeepStrictEqual(existing.questions, opts.survey.questions)
    ) {
      return { id, version: existing.version, replaced: false, unchanged: true };
    }
    let version = 1;
    if (existing) {
      version = existing.version + 1;
      await tx.insert(surveyVersions).values({
        surveyId: id,
        version: existing.version,
        name: existing.name,
        questions: existing.questions,
        createdAt: existing.updatedAt,
      });
      await tx
        .update(surveys)
        .set({ name: opts.survey.name, questions: opts.survey.questions, version, updatedAt: new Date() })
        .where(eq(surveys.id, id));
    } else {
      await tx.insert(surveys).values({ id, name: opts.survey.name, questions: opts.survey.questions });
    }
    await audit(tx, {
      actor: opts.actor,
      action: existing ? 'survey.versioned' : 'survey.imported',
      details: { survey_id: id, name: opts.survey.name, version },
    });
    return { id, version, replaced: Boolean(existing), unchanged: false };
  });
}

/** One version of a survey: its name and questions as they were then. */
export type SurveyVersion = {
  id: number;
  name: string;
  version: number;
  current: boolean;
  createdAt: Date;
  questions: SurveyQuestion[];
};

/**
 * Survey `surveyId` at `version` (default: the current one), for results and exports.
 * @throws AppError NOT_FOUND for an unknown survey or version.
 */
export async function loadSurveyVersion(opts: {
  services: Pick<Services, 'db'>;
  surveyId: number;
  version?: number;
}): Promise<SurveyVersion> {
  const { db } = opts.services;
  const [row] = await db.select().from(surveys).where(eq(surveys.id, opts.surveyId)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'That survey was not found.');
  if (opts.version === undefined || opts.version === row.version) {
    return {
      id: row.id,
      name: row.name,
      version: row.version,
      current: true,
      createdAt: row.updatedAt,
      questions: row.questions,
    };
  }
  const [old] = await db
    .select()
    .from(surveyVersions)
    .where(and(eq(surveyVersions.surveyId, row.id), eq(surveyVersions.version, opts.version)))
    .limit(1);
  if (!old) throw new AppError('NOT_FOUND', `Survey ${row.id} has no version ${opts.version}.`);
  return {
    id: row.id,
    name: old.name,
    version: old.version,
    current: false,
    createdAt: old.createdAt,
    questions: old.questions,
  };
}

/** Every version of every survey (or of `surveyId`), oldest first: number, name, questions and when it became current. */
export async function listSurveyVersions(opts: { services: Pick<Services, 'db'>; surveyId?: number }) {
  const { db } = opts.services;
  const one = opts.surveyId;
  const current = await db
    .select()
    .from(surveys)
    .where(one === undefined ? undefined : eq(surveys.id, one))
    .orderBy(asc(surveys.id));
  const earlier = await db
    .select()
    .from(surveyVersions)
    .where(one === undefined ? undefined : eq(surveyVersions.surveyId, one))
    .orderBy(asc(surveyVersions.surveyId), asc(surveyVersions.version));
  return current.map((row) => ({
    id: row.id,
    name: row.name,
    version: row.version,
    versions: [
      ...earlier
        .filter((v) => v.surveyId === row.id)
        .map((v) => ({ version: v.version, name: v.name, questions: v.questions, createdAt: v.createdAt })),
      { version: row.version, name: row.name, questions: row.questions, createdAt: row.updatedAt },
    ],
  }));
}

async function loadSurvey(services: Services, id: number) {
  const [row] = await services.db.select().from(surveys).where(eq(surveys.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'That survey was not found.');
  return row;
}

/** `GET /rest/staff-survey/<id>`: the current version; `locations` questions get the group's venues as options. */
export async function getSurvey(opts: { services: Services; id: number }): Promise<Survey> {
  const row = await loadSurvey(opts.services, opts.id);
  const venueOptions = (
    await opts.services.db
      .select({ id: venues.id, name: venues.name })
      .from(venues)
      .where(isNull(venues.archivedAt))
      .orderBy(asc(venues.name))
  ).map((v) => ({ key: v.id, label: v.name }));
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    questions: row.questions.map((q) => (q.type === 'locations' ? { ...q, allowed_values: venueOptions } : q)),
  };
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Checks one answer; the value to keep, or the problem. */
async function checkAnswer(
  services: Services,
  q: SurveyQuestion,
  v: unknown,
  staffId: string,
): Promise<{ value: unknown } | { error: string }> {
  switch (q.type) {
    case 'text':
    case 'textarea':
      if (typeof v !== 'string') return { error: 'must be text' };
      if (v.length > MAX_TEXT) return { error: `must be at most ${MAX_TEXT} characters` };
      // Control characters (escape sequences) would reach HR's terminal through the export.
      return { value: v.replace(/[^\P{Cc}\n\t]/gu, '').trim() };
    case 'radio':
    case 'select':
    case 'select2':
      return typeof v === 'string' && q.allowed_values?.some((o) => o.key === v)
        ? { value: v }
        : { error: 'choose one of the options' };
    case 'bars': {
      const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
      return Number.isInteger(n) && (n as number) >= BARS_MIN && (n as number) <= BARS_MAX
        ? { value: n }
        : { error: `choose from ${BARS_MIN} to ${BARS_MAX} bars` };
    }
    case 'locations': {
      if (typeof v !== 'string' || !isUuid(v)) return { error: 'choose one of the venues' };
      const [venue] = await services.db.select({ id: venues.id }).from(venues).where(eq(venues.id, v)).limit(1);
      return venue ? { value: v } : { error: 'choose one of the venues' };
    }
    case 'date':
      return typeof v === 'string' && dayjs(v, SURVEY_DATE_FORMAT, true).isValid()
        ? { value: v }
        : { error: 'enter a real date as DD/MM/YYYY' };
    case 'time': {
      const t = v as { from?: unknown; until?: unknown } | null;
      if (
        !t ||
        typeof t !== 'object' ||
        typeof t.from !== 'string' ||
        typeof t.until !== 'string' ||
        !TIME.test(t.from) ||
        !TIME.test(t.until)
      ) {
        return { error: 'enter a from and an until time as HH:mm' };
      }
      if (t.from > t.until) return { error: 'the from time must not be after the until time' };
      return { value: { from: t.from, until: t.until } };
    }
    case 'file': {
      const id = (v as { data?: { id?: unknown } } | null)?.data?.id;
      if (typeof id !== 'string' || !isUuid(id)) return { error: 'upload the photo again' };
      const [file] = await services.db.select().from(files).where(eq(files.id, id)).limit(1);
      if (!file || file.ownerStaffId !== staffId || file.bucket !== 'survey')
        return { error: 'upload the photo again' };
      // The answer keeps a path that signs a fresh address each time it is opened, never the
      // browser's own preview address, which means nothing here.
      return {
        value: {
          uri: fileOpenPath(file.id),
          data: {
            id: file.id,
            original_filename: file.originalFilename,
            size: file.size,
            content_type: file.contentType,
          },
        },
      };
    }
    default:
      return { error: 'cannot be answered' };
  }
}

/**
 * `POST /rest/staff-survey/<id>`: validates every answer against the current version and stores the
 * submission with that version (docs/product.md#console-surveys).
 * @throws AppError SESSION_MISMATCH (401) when completed_by is not the signed-in member (docs/product.md#surveys),
 * NOT_FOUND for an unknown survey, CONFLICT when `version` (the one the form was opened at) is no
 * longer current, BAD_REQUEST with per-question errors (nothing stored).
 */
export async function submitSurvey(opts: {
  services: Services;
  surveyId: number;
  staffId: string;
  completedBy: string;
  answers: { id: number; answer: unknown }[];
  version?: number;
  ip: string;
}): Promise<{ id: string; message: string }> {
  const { services } = opts;
  if (opts.completedBy !== opts.staffId) {
    throw new AppError(
      'SESSION_MISMATCH',
      'You are signed in as someone else than this survey was opened for. Please log out and sign in again.',
    );
  }
  const survey = await loadSurvey(services, opts.surveyId);
  // Answers to an earlier version's questions would be counted under questions they never answered.
  if (opts.version !== undefined && opts.version !== survey.version) {
    throw new AppError(
      'CONFLICT',
      'This survey has changed since you opened it. Reload the page to answer the new version.',
    );
  }
  const given = new Map<number, unknown>();
  const errors: FieldError[] = [];
  for (const a of opts.answers) {
    if (given.has(a.id)) errors.push({ field: String(a.id), error: `question ${a.id} is answered twice` });
    given.set(a.id, a.answer);
  }
  const byId = new Map(survey.questions.map((q) => [q.id, q]));
  for (const id of given.keys())
    if (!byId.has(id)) errors.push({ field: String(id), error: `question ${id} is not in this survey` });
  const answers: Record<string, unknown> = {};
  for (const q of survey.questions) {
    if (DISPLAY_ONLY_QUESTION_TYPES.includes(q.type)) continue;
    const v = given.get(q.id);
    if (isBlank(v)) {
      if (q.required) errors.push({ field: String(q.id), error: `${q.question}: an answer is required` });
      continue;
    }
    const checked = await checkAnswer(services, q, v, opts.staffId);
    if ('error' in checked) errors.push({ field: String(q.id), error: `${q.question}: ${checked.error}` });
    else answers[String(q.id)] = checked.value;
  }
  if (errors.length) throw new AppError('BAD_REQUEST', 'Some answers need another look.', errors);
  const [row] = await services.db
    .insert(surveySubmissions)
    .values({ surveyId: survey.id, version: survey.version, staffId: opts.staffId, answers })
    .returning({ id: surveySubmissions.id });
  return { id: row!.id, message: SURVEY_SAVED_MESSAGE };
}

/** Submissions read per query of an export: small enough that one query is a short wait for others. */
export const EXPORT_BATCH_ROWS = 500;

/**
 * Every submission of one version of a survey (default: the current one) as CSV (`survey results`):
 * one row per submission, oldest first, one column per question of that version, with the submitter and the time; option keys and venue ids written as their
 * labels, every cell guarded by `safeCell`.
 *
 * Streamed in constant memory: submissions are read `batchRows` at a time (default
 * EXPORT_BATCH_ROWS), by keyset on (submitted_at, id) along the index
 * `survey_submissions_survey_id_version_submitted_at_id_idx`, and each batch is written out through
 * csv-stringify's stream before the next is read. Between batches the export gives the event loop
 * to other work: on PGlite (one connection, in this process) requests queued meanwhile are served
 * then instead of after the whole export. There is no transaction around the batches (on PGlite it
 * would hold the only connection throughout): a submission that arrives during the export is
 * included if it sorts after the rows already written, which a new one does.
 *
 * @returns a stream of the CSV as UTF-8 text, in order; it fails with the database's error if a batch cannot be read.
 * @throws AppError NOT_FOUND for an unknown survey or version, before any output.
 */
export async function exportSurveyResults(opts: {
  services: Services;
  surveyId: number;
  version?: number;
  batchRows?: number;
}): Promise<Readable> {
  const { db } = opts.services;
  const batchRows = opts.batchRows ?? EXPORT_BATCH_ROWS;
  const survey = await loadSurveyVersion({ services: opts.services, surveyId: opts.surveyId, version: opts.version });
  const questions = survey.questions.filter((q) => !DISPLAY_ONLY_QUESTION_TYPES.includes(q.type));
  const locationIds = questions.filter((q) => q.type === 'locations').map((q) => String(q.id));
  // Venues are few (the group's pubs); the names are kept as batches name them.
  const venueNames = new Map<string, string>();
  const cell = (q: SurveyQuestion, v: unknown): string => {
    if (v === undefined || v === null) return '';
    if (q.type === 'locations') return venueNames.get(v as string) ?? String(v);
    if (q.type === 'radio' || q.type === 'select' || q.type === 'select2')
      return q.allowed_values?.find((o) => o.key === v)?.label ?? String(v);
    if (q.type === 'time') return `${(v as { from: string }).from}-${(v as { until: string }).until}`;
    // Answers saved before `{ uri, data }` hold the file itself.
    if (q.type === 'file')
      return ((v as { data?: { original_filename: string } }).data ?? (v as { original_filename: string }))
        .original_filename;
    return String(v);
  };
  const readBatch = (after: { at: string; id: string } | undefined) =>
    db
      .select({
        id: surveySubmissions.id,
        // The key as PostgreSQL writes it: a Date would drop the microseconds and repeat or skip rows.
        at: sql<string>`${surveySubmissions.submittedAt}::text`,
        submittedAt: surveySubmissions.submittedAt,
        answers: surveySubmissions.answers,
        email: staff.emailAddress,
        forename: staff.forename,
        surname: staff.surname,
      })
      .from(surveySubmissions)
      .leftJoin(staff, eq(staff.id, surveySubmissions.staffId))
      .where(
        and(
          eq(surveySubmissions.surveyId, survey.id),
          eq(surveySubmissions.version, survey.version),
          after &&
            sql`(${surveySubmissions.submittedAt}, ${surveySubmissions.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`,
        ),
      )
      .orderBy(asc(surveySubmissions.submittedAt), asc(surveySubmissions.id))
      .limit(batchRows);

  async function* records(): AsyncGenerator<string[]> {
    yield ['submitted_at', 'staff_email', 'staff_name', ...questions.map((q) => q.question)].map(safeCell);
    let after: { at: string; id: string } | undefined;
    for (;;) {
      const rows = await readBatch(after);
      const unknownVenues = [...new Set(rows.flatMap((r) => locationIds.map((id) => r.answers[id])))].filter(
        (v): v is string => typeof v === 'string' && !venueNames.has(v),
      );
      if (unknownVenues.length) {
        for (const v of await db
          .select({ id: venues.id, name: venues.name })
          .from(venues)
          .where(inArray(venues.id, unknownVenues)))
          venueNames.set(v.id, v.name);
      }
      for (const r of rows) {
        yield [
          r.submittedAt.toISOString(),
          r.email ?? '',
          r.forename ? `${r.forename} ${r.surname}` : '',
          ...questions.map((q) => cell(q, r.answers[String(q.id)])),
        ].map(safeCell);
      }
      const last = rows.at(-1);
      if (!last || rows.length < batchRows) return;
      after = { at: last.at, id: last.id };
      // A macrotask turn, not just a microtask: lets waiting sockets be read and their queries queue.
      await setImmediate();
    }
  }
  const { stringify } = await loadCsvStringify();
  const csv = stringify();
  // pipeline passes a failed batch on to the CSV stream, which its reader then sees.
  pipeline(Readable.from(records()), csv).catch(() => {});
  return csv.setEncoding('utf8');
}
