import { fromWording } from '@web/i18n/i18n';
import { isApiError } from './api-error';
import type { FieldError } from '@shared/api/errors.js';

/**
 * A server's error under a field (English on the wire, docs/product.md#errors) in the member's language: the
 * `fieldError.` message with that wording, its variable parts (a date, a length) kept. English, and a wording the
 * catalogue does not have (what HR wrote for a field's pattern), show as sent.
 */
export function fieldErrorText(error: string): string {
  return fromWording(error, 'fieldError.');
}

/** Server errors by field name, in the member's language (fieldErrorText), several for one field joined by ', ' (docs/product.md#errors). */
export function groupFieldErrors(errors: readonly FieldError[]): Record<string, string> {
  const grouped: Record<string, string[]> = {};
  for (const { field, error } of errors) {
    if (!error) continue;
    (grouped[field] ??= []).push(fieldErrorText(error));
  }
  return Object.fromEntries(Object.entries(grouped).map(([field, messages]) => [field, messages.join(', ')]));
}

/** The `errors.fields` entries of a failed call's envelope (docs/product.md#errors); none when it has no such list. */
export function envelopeFieldErrors(error: unknown): FieldError[] {
  if (!isApiError(error)) return [];
  const fields: unknown = (error.response?.data as { errors?: { fields?: unknown } } | undefined)?.errors?.fields;
  if (!Array.isArray(fields)) return [];
  return fields.filter(
    (entry): entry is FieldError =>
      typeof entry === 'object' && entry !== null && typeof entry.field === 'string' && typeof entry.error === 'string',
  );
}

/** A failed call's field errors by field name (empty when there is no error or no field list). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return error ? groupFieldErrors(envelopeFieldErrors(error)) : {};
}
