import { isApiError } from './api-error';

const FALLBACK = 'An unknown error occurred';

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

/** Messages of `errors.fields` entries (`{ field, error }`), joined by ', '; undefined when none. */
function fieldMessages(fields: unknown): string | undefined {
  if (!Array.isArray(fields)) return undefined;
  const messages = fields
    .map((entry) => {
      const record = asRecord(entry);
      return nonEmptyString(record?.error) ?? nonEmptyString(record?.message);
    })
    .filter((message): message is string => message !== undefined);
  return messages.length > 0 ? messages.join(', ') : undefined;
}

/**
 * The text to show for a failed call (docs/product.md#errors), first match wins: the answer's `errors.message`,
 * the answer's `error` field, the messages of `errors.fields` joined by ', ', then the error's own
 * message. Plain errors show their text.
 */
export function errorText(error: unknown): string {
  if (isApiError(error)) {
    const body = asRecord(error.response?.data);
    const errors = asRecord(body?.errors);
    return (
      nonEmptyString(errors?.message) ??
      nonEmptyString(body?.error) ??
      fieldMessages(errors?.fields) ??
      nonEmptyString(error.message) ??
      FALLBACK
    );
  }
  if (error instanceof Error) return nonEmptyString(error.message) ?? FALLBACK;
  return nonEmptyString(error) ?? FALLBACK;
}
