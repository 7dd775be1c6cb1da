import { statusOf } from '@web/lib/api-client';
import { errorText } from '@web/lib/error-text';
import { fieldErrorsOf } from '@web/lib/field-errors';

/**
 * What a failed save says that no field of the form explains (docs/product.md#errors: under the field when
 * the server names one, else in an Alert), or null. A 409 naming no field (an email someone has) goes
 * under `conflictField` when given.
 */
export function formProblem(error: unknown, fields: readonly string[], conflictField?: string): string | null {
  if (!error) return null;
  if (conflictField && statusOf(error) === 409 && Object.keys(fieldErrorsOf(error)).length === 0) return null;
  const named = Object.keys(fieldErrorsOf(error)).some((field) => fields.includes(field));
  return named ? null : errorText(error);
}

/** The server's message for each field of a failed save, with a bare 409 under `conflictField`. */
export function serverFieldErrors(error: unknown, conflictField?: string): Record<string, string> {
  const fields = fieldErrorsOf(error);
  if (conflictField && statusOf(error) === 409 && Object.keys(fields).length === 0) return { [conflictField]: errorText(error) };
  return fields;
}
