/**
 * The console's surveys (docs/product.md#console-surveys): the list with response counts and each
 * survey's results per question, counted in the database over the answers the caller's scope may see
 * (a manager: their venues' people's answers).
 */
import { and, asc, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { QuestionResult, SurveyResults } from '@shared/api/admin.js';
import type { Db } from '@server/db/client.js';
import { staff, surveys, surveySubmissions, venues } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { withinScope, type ConsoleScope } from './scope.js';

/** Free-text answers shown per question, newest first. */
const TEXT_ANSWERS_SHOWN = 20;
const COUNTED = new Set(['bars', 'radio', 'select', 'select2', 'locations']);
const FREE_TEXT = new Set(['text', 'textarea']);

/** Submissions of `surveyId` the scope may see (HR: all, anonymous ones included). */
const submissionsInScope = (scope: ConsoleScope, surveyId: number) => withinScope(scope, eq(surveySubmissions.surveyId, surveyId));

/** Every survey with its question count and the number of answers the scope may see. */
export async function listConsoleSurveys(opts: { db: Db; scope: ConsoleScope }) {
  const rows = await opts.db.select().from(surveys).orderBy(asc(surveys.id));
  const counts = await opts.db
    .select({ surveyId: surveySubmissions.surveyId, n: count() })
    .from(surveySubmissions)
    .leftJoin(staff, eq(staff.id, surveySubmissions.staffId))
    .where(withinScope(opts.scope, undefined))
    .groupBy(surveySubmissions.surveyId);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    questions: row.questions.filter((q) => q.type !== 'heading').length,
    responses: counts.find((c) => c.surveyId === row.id)?.n ?? 0,
  }));
}

/** One survey's results per question within the scope. @throws AppError NOT_FOUND for an unknown survey. */
export async function getSurveyResults(opts: { db: Db; scope: ConsoleScope; surveyId: number }): Promise<SurveyResults> {
  const { db, scope, surveyId } = opts;
  const [survey] = await db.select().from(surveys).where(eq(surveys.id, surveyId)).limit(1);
  if (!survey) throw new AppError('NOT_FOUND', 'That survey was not found.');
  const where = submissionsInScope(scope, surveyId);
  const [total] = await db.select({ n: count() }).from(surveySubmissions).leftJoin(staff, eq(staff.id, surveySubmissions.staffId)).where(where);
  const venueNames = new Map((await db.select({ id: venues.id, name: venues.name }).from(venues)).map((v) => [v.id, v.name]));

  const questions: QuestionResult[] = [];
  for (const question of survey.questions) {
    if (question.type === 'heading') continue;
    // A literal key (ids are integers by the survey schema): a bound parameter would differ between the
    // select and the GROUP BY, which PostgreSQL then refuses.
    const value = sql<string | null>`${surveySubmissions.answers} ->> ${sql.raw(`'${Math.trunc(Number(question.id))}'`)}`;
    const given = and(where, isNotNull(value), sql`${value} <> ''`);
    const [answered] = await db.select({ n: count() }).from(surveySubmissions).leftJoin(staff, eq(staff.id, surveySubmissions.staffId)).where(given);
    let counts: QuestionResult['counts'] = null;
    let answers: QuestionResult['answers'] = null;
    if (COUNTED.has(question.type)) {
      const rows = await db
        .select({ key: value, n: count() })
        .from(surveySubmissions)
        .leftJoin(staff, eq(staff.id, surveySubmissions.staffId))
        .where(given)
        .groupBy(value);
      const found = new Map(rows.map((row) => [row.key ?? '', row.n]));
      const keys =
        question.type === 'bars'
          ? ['1', '2', '3', '4', '5'].map((key) => ({ key, label: key }))
          : question.type === 'locations'
            ? [...found.keys()].map((key) => ({ key, label: venueNames.get(key) ?? key }))
            : (question.allowed_values ?? []).map((option) => ({ key: option.key, label: option.label }));
      counts = keys.map((option) => ({ ...option, count: found.get(option.key) ?? 0 }));
    } else if (FREE_TEXT.has(question.type)) {
      const rows = await db
        .select({ text: value })
        .from(surveySubmissions)
        .leftJoin(staff, eq(staff.id, surveySubmissions.staffId))
        .where(given)
        .orderBy(desc(surveySubmissions.submittedAt))
        .limit(TEXT_ANSWERS_SHOWN);
      answers = rows.map((row) => row.text ?? '');
    }
    questions.push({ id: question.id, question: question.question, type: question.type, answered: answered?.n ?? 0, counts, answers });
  }
  return { id: survey.id, name: survey.name, responses: total?.n ?? 0, questions };
}
