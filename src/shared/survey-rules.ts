/**
 * Survey question types and answer formats (docs/product.md#surveys: Survey), zod-free for the web.
 * `bars` and `locations` are ours to define (docs/product.md#surveys): `bars` is a rating from BARS_MIN to BARS_MAX
 * shown like a signal meter; `locations` is one of the group's venues (its id).
 */
export const QUESTION_TYPES = [
  'bars',
  'locations',
  'time',
  'date',
  'radio',
  'textarea',
  'heading',
  'select',
  'select2',
  'file',
  'text',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** Types that take no answer. */
export const DISPLAY_ONLY_QUESTION_TYPES: readonly QuestionType[] = ['heading'];

export const BARS_MIN = 1;
export const BARS_MAX = 5;

/** Survey dates travel as DD/MM/YYYY (docs/product.md#surveys). */
export const SURVEY_DATE_FORMAT = 'DD/MM/YYYY';
/** Times as HH:mm, hours 0-23 (docs/product.md#surveys); the range picker steps 60 minutes, others 5. */
export const SURVEY_TIME_FORMAT = 'HH:mm';

/** docs/product.md#surveys. */
export const SURVEY_SAVED_MESSAGE = 'Survey saved successfully';
