/**
 * The uploads among a form's answers. A `FieldValue` is text, a number, null or a stored file
 * (`fileValueSchema`, an object with its id): the only object an answer can be.
 */
import type { FieldValue } from '@shared/api/onboarding.js';

export type FileAnswer = Extract<FieldValue, { id: string }>;

/** Whether `value` is an uploaded file. */
export const isFileAnswer = (value: FieldValue): value is FileAnswer => typeof value === 'object' && value !== null;

/** The uploads among `answers`, by field name. */
export const uploadsOf = (answers: Record<string, FieldValue>): Record<string, FileAnswer> =>
  Object.fromEntries(Object.entries(answers).filter((entry): entry is [string, FileAnswer] => isFileAnswer(entry[1])));
