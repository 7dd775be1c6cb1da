/** The console's surveys (docs/product.md#console-surveys): the list, a version's results, and imports. */
import { z } from 'zod';
import { importFileBodySchema } from './shared.js';

/** One version of a survey (docs/product.md#console-surveys): its question count and the answers to it the caller may see. */
export const surveyVersionSummarySchema = z.object({
  version: z.number(),
  name: z.string(),
  questions: z.number(),
  responses: z.number(),
  created_at: z.string(),
});
export type SurveyVersionSummary = z.infer<typeof surveyVersionSummarySchema>;
/**
 * `GET /admin/surveys`: each survey with how many answers the caller may see (all versions), its
 * current `version` (whose count `questions` is) and its `versions`, oldest first.
 */
export const consoleSurveysAnswerSchema = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      questions: z.number(),
      responses: z.number(),
      version: z.number(),
      versions: z.array(surveyVersionSummarySchema),
    }),
  ),
});
export type ConsoleSurvey = z.infer<typeof consoleSurveysAnswerSchema>['data'][number];

/**
 * One question's results (docs/product.md#console-surveys): `counts` per answer for choices and ratings
 * (for `bars` the keys are '1'..'5', in order; for `locations` the venue names), or the newest
 * `answers` for free text; `answered` is how many gave one.
 */
export const questionResultSchema = z.object({
  id: z.number(),
  question: z.string(),
  type: z.string(),
  answered: z.number(),
  counts: z.array(z.object({ key: z.string(), label: z.string(), count: z.number() })).nullable(),
  answers: z.array(z.string()).nullable(),
});
export type QuestionResult = z.infer<typeof questionResultSchema>;
/** Results of one `version` (default the current one), with every version for the selector. */
export const surveyResultsAnswerSchema = z.object({
  data: z.object({
    id: z.number(),
    name: z.string(),
    responses: z.number(),
    questions: z.array(questionResultSchema),
    version: z.number(),
    current_version: z.number(),
    versions: z.array(surveyVersionSummarySchema),
  }),
});
export type SurveyResults = z.infer<typeof surveyResultsAnswerSchema>['data'];
export const surveyParamsSchema = z.object({ surveyId: z.coerce.number().int().min(1).max(2_147_483_647) });
/** `?version=N` of a survey's results and CSV; without it, the current version. */
export const surveyResultsQuerySchema = z.object({
  version: z.coerce
    .number({ error: 'Give a version number' })
    .int('Give a version number')
    .min(1, 'Give a version number')
    .max(2_147_483_647)
    .optional(),
});

export const importSurveyBodySchema = importFileBodySchema.extend({
  id: z.number().int().min(1).max(2_147_483_647).optional(),
});

/** `POST /admin/surveys`: the survey's id, whether it is new, and the version the file became. */
export const importSurveyAnswerSchema = z.object({
  data: z.object({ id: z.number(), created: z.boolean(), version: z.number() }),
});
export type ImportSurveyAnswer = z.infer<typeof importSurveyAnswerSchema>;
