import type { StoredFile } from '@shared/api/files.js';
import type { SubmitSurveyBody, SurveyQuestion } from '@shared/api/surveys.js';
import {
  BARS_MAX,
  BARS_MIN,
  DISPLAY_ONLY_QUESTION_TYPES,
  QUESTION_TYPES,
  type QuestionType,
} from '@shared/survey-rules.js';
import { isSurveyDate } from './survey-date';
import { applyTimeRangeRule, isSurveyTime, type TimeRange } from './time-range';

/** A file question's answer (docs/product.md#surveys): the preview shown (`uri`) and the uploaded file (`data`). */
export interface FileAnswer {
  uri: string;
  data: StoredFile;
}

/**
 * One answer as the form holds it (docs/product.md#surveys): text/textarea a string; radio, select,
 * select2 an option key; locations a venue id; date DD/MM/YYYY; bars an integer 1-5; time a range
 * of HH:mm; file the uploaded photo; null while unanswered.
 */
export type AnswerValue = string | number | TimeRange | FileAnswer | null;

/** The answers of a survey by question id. */
export type Answers = Record<number, AnswerValue>;

/** True for the types this page shows (docs/product.md#surveys). */
export function isKnownType(type: unknown): type is QuestionType {
  return (QUESTION_TYPES as readonly unknown[]).includes(type);
}

/** True for questions that take an answer (a heading does not). */
export function takesAnswer(question: SurveyQuestion): boolean {
  return !DISPLAY_ONLY_QUESTION_TYPES.includes(question.type);
}

/**
 * The questions this page can show: one of an unknown type is skipped with a console warning
 * (docs/product.md#surveys), so a newer survey still opens.
 */
export function supportedQuestions(questions: readonly SurveyQuestion[]): SurveyQuestion[] {
  return questions.filter((question) => {
    if (isKnownType(question.type)) return true;
    console.warn(
      `Survey question ${question.id} ("${question.question}") has the unknown type "${String(question.type)}" and is skipped.`,
    );
    return false;
  });
}

function asText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function asOptionKey(question: SurveyQuestion, value: unknown): string | null {
  const key = asText(value);
  return key !== null && (question.allowed_values ?? []).some((option) => option.key === key) ? key : null;
}

function asBars(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= BARS_MIN && n <= BARS_MAX ? n : null;
}

function asTimeRange(value: unknown): TimeRange {
  const range = (typeof value === 'object' && value !== null ? value : {}) as { from?: unknown; until?: unknown };
  return applyTimeRangeRule({
    from: isSurveyTime(range.from) ? range.from : null,
    until: isSurveyTime(range.until) ? range.until : null,
  });
}

function asFile(value: unknown): FileAnswer | null {
  const file = value as { uri?: unknown; data?: { id?: unknown } } | null;
  if (typeof file !== 'object' || file === null || typeof file.uri !== 'string' || typeof file.data?.id !== 'string')
    return null;
  return file as FileAnswer;
}

/**
 * A question's starting answer: its `default` when that is a valid answer of its type (a bad
 * default is ignored rather than sent back), otherwise empty.
 */
export function initialAnswer(question: SurveyQuestion): AnswerValue {
  const value = question.default;
  switch (question.type) {
    case 'text':
    case 'textarea':
      return asText(value) ?? '';
    case 'radio':
    case 'select':
    case 'select2':
    case 'locations':
      return asOptionKey(question, value);
    case 'bars':
      return asBars(value);
    case 'date':
      return isSurveyDate(value) ? value : null;
    case 'time':
      return asTimeRange(value);
    case 'file':
      return asFile(value);
    default:
      return null;
  }
}

/** The starting answers of every question that takes one. */
export function initialAnswers(questions: readonly SurveyQuestion[]): Answers {
  return Object.fromEntries(questions.filter(takesAnswer).map((question) => [question.id, initialAnswer(question)]));
}

/** An answer as it travels: empty text and an empty range become null. */
function wireAnswer(value: AnswerValue | undefined): unknown {
  if (value === undefined || value === '') return null;
  if (typeof value === 'object' && value !== null && 'from' in value) {
    return value.from === null && value.until === null ? null : { from: value.from, until: value.until };
  }
  return value;
}

/**
 * The body of POST /rest/staff-survey/<id> (docs/product.md#surveys submission): every question that takes an
 * answer, headings left out, unanswered ones as null (the server checks what is required).
 */
export function toSubmission(
  completedBy: string,
  questions: readonly SurveyQuestion[],
  answers: Answers,
): SubmitSurveyBody {
  return {
    completed_by: completedBy,
    answers: questions
      .filter(takesAnswer)
      .map((question) => ({ id: question.id, answer: wireAnswer(answers[question.id]) })),
  };
}
