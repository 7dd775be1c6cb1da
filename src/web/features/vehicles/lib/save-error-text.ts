import { envelopeFieldErrors } from '@web/lib/field-errors';

/** docs/product.md#vehicles: the snackbar text when a vehicle save fails without a message. */
export const UNKNOWN_ERROR_TEXT = 'An unknown error occurred';

/**
 * The snackbar text of a failed vehicle save (docs/product.md#vehicles): the answer's `errors.message`; without one,
 * the `errors.fields` messages joined with commas; otherwise 'An unknown error occurred'.
 */
export function saveErrorText(error: unknown): string {
  const message = messageOf(error);
  if (message) return message;
  const fields = envelopeFieldErrors(error)
    .map((entry) => entry.error)
    .filter(Boolean);
  return fields.length > 0 ? fields.join(', ') : UNKNOWN_ERROR_TEXT;
}

function messageOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const data = (error as { response?: { data?: { errors?: { message?: unknown } } } }).response?.data;
  const message = data?.errors?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}
