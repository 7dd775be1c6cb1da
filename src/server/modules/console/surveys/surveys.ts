/**
 * The console's surveys (docs/product.md#console-surveys): the list with response counts per version
 * and each version's results per question, counted in the database over the answers the caller's
 * scope may see (a manager: their venues' people's answers). Answers count only under the version
 * they answered (docs/decisions/0020-survey-versions.md). HR's counts, over every answer, are read from
 * `survey_answer_counts`, which the database keeps as answers arrive, so they cost the same at any
 * number of answers; a manager's, over their venues' people as they are now, are counted from the
 * answers (docs/decisions/0050-console-at-scale.md).
 */
import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type {
  ConsoleSurvey,
  QuestionResult,
  SurveyResults,
  SurveyVersionSummary,
} from '@shared/api/console/surveys.js';
import type { Db } from '@server/db/client.js';
import { staff, surveyAnswerCounts, surveySubmissions, venues } from '@server/db/schema.js';
import { listSurveyVersions, loadSurveyVersion } from '@server/modules/surveys/index.js';
import { withinScope, type ConsoleScope } from '@server/modules/console/shared/scope.js';

/** Free-text answers shown per question, newest first. */
const TEXT_ANSWERS_SHOWN = 20;
const COUNTED = new Set(['bars', 'radio', 'select', 'select2', 'locations']);
const FREE_TEXT = new Set(['text', 'textarea']);

/** Submissions of `surveyId` at `version` the scope may see (HR: all, anonymous ones included). */
const submissionsInScope = (scope: ConsoleScope, surveyId: number, version: number) =>
  withinScope(scope, and(eq(surveySubmissions.surveyId, surveyId), eq(surveySubmissions.version, version)));

/** The number of answers to each survey version (of `surveyId`, or every survey) the scope may see. */
async function responseCounts(db: Db, scope: ConsoleScope, surveyId?: number) {
  if (scope.venueIds === null)
    return db
      .select({ surveyId: surveyAnswerCounts.surveyId, version: surveyAnswerCounts.version, n: surveyAnswerCounts.n })
      .from(surveyAnswerCounts)
      .where(
        and(
          surveyId === undefined ? undefined : eq(surveyAnswerCounts.surveyId, surveyId),
          eq(surveyAnswerCounts.questionId, ''),
          eq(surveyAnswerCounts.answer, ''),
        ),
      );
  return db
    .select({ surveyId: surveySubmissions.surveyId, version: surveySubmissions.version, n: count() })
    .from(surveySubmissions)
    .leftJoin(staff, eq(staff.id, surveySubmissions.staffId))
    .where(withinScope(scope, surveyId === undefined ? undefined : eq(surveySubmissions.surveyId, surveyId)))
    .groupBy(surveySubmissions.surveyId, surveySubmissions.version);
}

/**
 * HR's counts of one version from `survey_answer_counts`: answers by question id and value ('' for
 * the number who answered; '' under '' for the number of submissions).
 */
async function keptCounts(db: Db, surveyId: number, version: number): Promise<Map<string, Map<string, number>>> {
  const rows = await db
    .select({ questionId: surveyAnswerCounts.questionId, answer: surveyAnswerCounts.answer, n: surveyAnswerCounts.n })
    .from(surveyAnswerCounts)
    .where(and(eq(surveyAnswerCounts.surveyId, surveyId), eq(surveyAnswerCounts.version, version)));
  const byQuestion = new Map<string, Map<string, number>>();
  for (const row of rows) {
    if (row.n === 0) continue;
    const answers = byQuestion.get(row.questionId) ?? new Map<string, number>();
    answers.set(row.answer, row.n);
    byQuestion.set(row.questionId, answers);
  }
  return byQuestion;
}

/** Every survey's versions with the answers to each the scope may see. */
async function surveysWithCounts(db: Db, scope: ConsoleScope, surveyId?: number): Promise<ConsoleSurvey[]> {
  const rows = await listSurveyVersions({ services: { db }, surveyId });
  const counts = await responseCounts(db, scope, surveyId);
  const asked = (questions: { type: string }[]) => questions.filter((q) => q.type !== 'heading').length;
  return rows.map((row) => {
    const versions: SurveyVersionSummary[] = row.versions.map((v) => ({
      version: v.version,
      name: v.name,
      questions: asked(v.questions),
      responses: counts.find((c) => c.surveyId === row.id && c.version === v.version)?.n ?? 0,
      created_at: v.createdAt.toISOString(),
    }));
    return {
      id: row.id,
      name: row.name,
      questions: versions.at(-1)!.questions,
      responses: versions.reduce((sum, v) => sum + v.responses, 0),
      version: row.version,
      versions,
    };
  });
}

/** Every survey with its current version, question count and the number of answers the scope may see, per version and in all. */
export async function listConsoleSurveys(opts: { db: Db; scope: ConsoleScope }): Promise<ConsoleSurvey[]> {
  return surveysWithCounts(opts.db, opts.scope);
}

/**
 * One version's results per question within the scope (default: the current version).
 * @throws AppError NOT_FOUND for an unknown survey or version.
 */
export async function getSurveyResults(opts: {
  db: Db;
  scope: ConsoleScope;
  surveyId: number;
  version?: number;
}): Promise<SurveyResults> {
  const { db, scope, surveyId } = opts;
  const survey = await loadSurveyVersion({ services: { db }, surveyId, version: opts.version });
  const where = submissionsInScope(scope, surveyId, survey.version);
  const kept = scope.venueIds === null ? await keptCounts(db, surveyId, survey.version) : undefined;
  const [total] = kept
    ? [{ n: kept.get('')?.get('') ?? 0 }]
    : await db
        .select({ n: count() })
        .from(surveySubmissions)
        .leftJoin(staff, eq(staff.id, surveySubmissions.staffId))
        .where(where);
  const venueNames = new Map(
    (await db.select({ id: venues.id, name: venues.name }).from(venues)).map((v) => [v.id, v.name]),
  );
  const [listed] = await surveysWithCounts(db, scope, surveyId);

  const questions: QuestionResult[] = [];
  for (const question of survey.questions) {
    if (question.type === 'heading') continue;
    // A literal key (ids are integers by the survey schema): a bound parameter would differ between the
    // select and the GROUP BY, which PostgreSQL then refuses.
    const value = sql<
      string | null
    >`${surveySubmissions.answers} ->> ${sql.raw(`'${Math.trunc(Number(question.id))}'`)}`;
    const given = and(where, isNotNull(value), sql`${value} <> ''`);
    const keptAnswers = kept?.get(String(Math.trunc(Number(question.id))));
    const [answered] = kept
      ? [{ n: keptAnswers?.get('') ?? 0 }]
      : await db
          .select({ n: count() })
          .from(surveySubmissions)
          .leftJoin(staff, eq(staff.id, surveySubmissions.staffId))
          .where(given);
    let counts: QuestionResult['counts'] = null;
    let answers: QuestionResult['answers'] = null;
    if (COUNTED.has(question.type)) {
      const found = keptAnswers
        ? new Map([...keptAnswers].filter(([key]) => key !== ''))
        : kept
          ? new Map<string, number>()
          : new Map(
              (
                await db
                  .select({ key: value, n: count() })
                  .from(surveySubmissions)
                  .leftJoin(staff, eq(staff.id, surveySubmissions.staffId))
                  .where(given)
                  .groupBy(value)
              ).map((row) => [row.key ?? '', row.n]),
            );
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
    questions.push({
      id: question.id,
      question: question.question,
      type: question.type,
      answered: answered?.n ?? 0,
      counts,
      answers,
    });
  }
  return {
    id: survey.id,
    name: survey.name,
    responses: total?.n ?? 0,
    questions,
    version: survey.version,
    current_version: listed!.version,
    versions: listed!.versions,
  };
}
