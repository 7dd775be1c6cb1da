import { translate } from '@web/i18n/i18n';
import { inMemberLanguage } from '@web/lib/error-text';
import { envelopeFieldErrors } from '@web/lib/field-errors';
import '../i18n/form';

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
 * In another language than English the message is the code's (inMemberLanguage) and each field's
 * message passes through `fieldText` (answerProblemText).
 */
export function surveySaveErrorText(error: unknown, fieldText: (message: string) => string = (text) => text): string {
  const message = messageOf(error);
  const fields = envelopeFieldErrors(error)
    .map((entry) => fieldText(entry.error.trim()))
    .filter(Boolean)
    .join(', ');
  const shown = message === undefined ? undefined : inMemberLanguage(message, error);
  if (!fields) return shown ?? translate('survey.form.unknownError');
  if (!shown) return fields;
  return /[.!?:]$/.test(shown) ? `${shown} ${fields}` : `${shown}: ${fields}`;
}
