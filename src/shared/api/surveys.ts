/**
 * Staff surveys (docs/product.md#surveys: Survey, survey, answer, submission, survey rules, the 401 case,
 * `GET|POST /rest/staff-survey/<id>` and the survey photo upload). The survey schema is also
 * what `survey import <file>` validates.
 */
import { z } from 'zod';
import { QUESTION_TYPES } from '@shared/survey-rules.js';

export const surveyOptionSchema = z.object({ key: z.string().min(1), label: z.string().min(1) });

export const surveyQuestionSchema = z.object({
  id: z.number().int().positive(),
  question: z.string().min(1),
  type: z.enum(QUESTION_TYPES, {
    error: (i) => `unknown question type "${String(i.input)}": use one of ${QUESTION_TYPES.join(', ')}`,
  }),
  required: z.boolean().default(false),
  /** Pre-filled answer, in the answer format of the type. */
  default: z.unknown().nullable().default(null),
  allowed_values: z.array(surveyOptionSchema).nullable().default(null),
});
export type SurveyQuestion = z.output<typeof surveyQuestionSchema>;

/** A survey file as HR writes it (JSON or YAML). */
export const surveyFileSchema = z
  .object({
    name: z.string().trim().min(1, 'is required').max(200),
    questions: z.array(surveyQuestionSchema).min(1, 'needs at least one question'),
  })
  .superRefine((s, ctx) => {
    const ids = new Set<number>();
    s.questions.forEach((q, i) => {
      if (ids.has(q.id))
        ctx.addIssue({ code: 'custom', path: ['questions', i, 'id'], message: `id ${q.id} is used twice` });
      ids.add(q.id);
      if (['radio', 'select', 'select2'].includes(q.type) && !q.allowed_values?.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['questions', i, 'allowed_values'],
          message: `a ${q.type} question needs allowed_values`,
        });
      }
    });
  });
export type SurveyFile = z.output<typeof surveyFileSchema>;

/**
 * `GET /rest/staff-survey/<id>`: the current version (docs/product.md#console-surveys); `locations`
 * questions come with the venues as allowed_values.
 */
export const surveySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  questions: z.array(surveyQuestionSchema),
  version: z.number().int().optional(),
});
export type Survey = z.infer<typeof surveySchema>;
export const surveyAnswerSchema = z.object({ data: surveySchema });
export type SurveyAnswer = z.infer<typeof surveyAnswerSchema>;

export const surveyParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * Answer formats (docs/product.md#surveys): text/textarea a string; radio/select/select2 an option key;
 * bars an integer 1-5; locations a venue id; date DD/MM/YYYY; time `{ from, until }` as HH:mm;
 * file `{ uri, data }` with data the uploaded file (its id is what counts).
 */
export const answerSchema = z.object({ id: z.number().int(), answer: z.unknown() });
export const submitSurveyBodySchema = z.object({
  completed_by: z.string().max(64),
  answers: z.array(answerSchema).max(500),
  /** The version the form was opened at: another than the current one is refused (409), never mixed in. */
  version: z.number().int().positive().max(2_147_483_647).optional(),
});
export type SubmitSurveyBody = z.infer<typeof submitSurveyBodySchema>;
export const submitSurveyAnswerSchema = z.object({ data: z.object({ id: z.uuid(), message: z.string() }) });
export type SubmitSurveyAnswer = z.infer<typeof submitSurveyAnswerSchema>;
