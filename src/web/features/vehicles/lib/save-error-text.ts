import { envelopeFieldErrors, fieldErrorText } from '@web/lib/field-errors';

/**
 * The snackbar text of a failed vehicle save (docs/product.md#vehicles): the answer's `errors.message`; without one,
 * the `errors.fields` messages (fieldErrorText) joined with commas; otherwise `unknown` ('An unknown error occurred', in the member's
 * language: the server's texts stay as they come).
 */
export function saveErrorText(error: unknown, unknown: string): string {
  const message = messageOf(error);
  if (message) return message;
  const fields = envelopeFieldErrors(error)
    .map((entry) => entry.error)
    .filter(Boolean)
    .map(fieldErrorText);
  return fields.length > 0 ? fields.join(', ') : unknown;
}

function messageOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const data = (error as { response?: { data?: { errors?: { message?: unknown } } } }).response?.data;
  const message = data?.errors?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}
