import { translate, type MessageId } from '@web/i18n/i18n';
import { errorCode, isApiError } from './api-error';

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
 * A server's text (English on the wire, docs/product.md#errors) in the member's language: the
 * catalogue's text for the answer's `errors.code` (`serverError.<code in camelCase>`, generic, as the
 * server words each refusal its own way), else for a 5xx answer without one the generic
 * 'serverError.server'. English shows the server's own words, as does a code without a text: no area
 * registers the `serverError` English, so `translate` answers those keys with the key itself.
 */
export function inMemberLanguage(english: string, error: unknown): string {
  const code = errorCode(error);
  const status = isApiError(error) ? error.response?.status : undefined;
  const name = code
    ? code.toLowerCase().replace(/_(\w)/g, (_match, letter: string) => letter.toUpperCase())
    : status !== undefined && status >= 500
      ? 'server'
      : undefined;
  if (!name) return english;
  const key = `serverError.${name}` as MessageId;
  const translated = translate(key);
  return translated === key ? english : translated;
}

/**
 * The text of a failed call as the server or the client wrote it, in English (docs/product.md#errors),
 * first match wins: the answer's `errors.message`, the answer's `error` field, the messages of
 * `errors.fields` joined by ', ', then the error's own message. Plain errors give their text.
 */
export function englishErrorText(error: unknown): string {
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

/**
 * The text to show for a failed call (docs/product.md#errors): englishErrorText, which a member
 * reading another language reads by the answer's code (inMemberLanguage).
 */
export function errorText(error: unknown): string {
  return inMemberLanguage(englishErrorText(error), error);
}
