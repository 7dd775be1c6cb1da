import { envelopeFieldErrors } from '@web/lib/field-errors';

/** docs/product.md#surveys: the snackbar text when a survey save fails without a message. */
export const UNKNOWN_ERROR_TEXT = 'An unknown error occurred';

function messageOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const message = (error as { response?: { data?: { errors?: { message?: unknown } } } }).response?.data?.errors
    ?.message;
  return typeof message === 'string' && message.trim() !== '' ? message.trim() : undefined;
}

/**
 * The snackbar text of a failed survey save (docs/product.md#surveys): the answer's `errors.message` (fallback
 * 'An unknown error occurred'), followed by the `errors.fields` messages joined with commas, so a
 * phone user sees what to fix without scrolling back through the survey.
 * E.g. 'Some answers need another look. Venue: an answer is required, Music level: choose from 1 to 5 bars'.
 */
export function surveySaveErrorText(error: unknown): string {
  const message = messageOf(error);
  const fields = envelopeFieldErrors(error)
    .map((entry) => entry.error.trim())
    .filter(Boolean)
    .join(', ');
  if (!fields) return message ?? UNKNOWN_ERROR_TEXT;
  if (!message) return fields;
  return /[.!?:]$/.test(message) ? `${message} ${fields}` : `${message}: ${fields}`;
}
