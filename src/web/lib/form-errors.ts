import { useState, type ReactNode } from 'react';
import type { FieldError as FormFieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { statusOf } from './api-client';
import { errorText } from './error-text';
import { fieldErrorsOf } from './field-errors';

/** How a form reads a failed save's envelope (docs/product.md#errors). */
export interface ServerErrorOptions<V extends FieldValues> {
  /** A 409 naming no field (an email someone has) shows under this field. */
  conflictField?: Path<V>;
  /** Server field names that show under a form field of another name (a file's `file_data` under the file) when the server names no error of that field itself. */
  aliases?: Readonly<Record<string, Path<V>>>;
  /** The fields whose complaint says all there is, so no alert shows with it (all of `fields` unless given). */
  explainedBy?: readonly Path<V>[];
}

/** The server's message for each field of a failed save, with a bare 409 under `conflictField`. */
export function serverFieldErrors(error: unknown, conflictField?: string): Record<string, string> {
  const fields = fieldErrorsOf(error);
  if (conflictField && statusOf(error) === 409 && Object.keys(fields).length === 0)
    return { [conflictField]: errorText(error) };
  return fields;
}

/**
 * Puts a failed save's field errors under the form's own fields (react-hook-form's `setError`, docs/product.md#errors)
 * and returns what no field of the form explains, for the alert above the buttons: null when the server named one
 * of `fields` (or there is no error), else the alert text. The values typed are not touched, so nothing is lost.
 */
export function showServerErrors<V extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<V>,
  fields: readonly Path<V>[],
  options: ServerErrorOptions<V> = {},
): string | null {
  if (!error) return null;
  const server = serverFieldErrors(error, options.conflictField);
  for (const [from, to] of Object.entries(options.aliases ?? {})) {
    const message = server[from];
    if (message) server[to] ??= message;
  }
  const explainedBy: readonly string[] = options.explainedBy ?? fields;
  let explained = false;
  for (const field of fields) {
    const message = server[field];
    if (!message) continue;
    setError(field, { type: 'server', message });
    if (explainedBy.includes(field)) explained = true;
  }
  return explained ? null : errorText(error);
}

/**
 * A form's failed-save state: `fail(error)` puts the server's field errors under their fields and keeps the rest
 * as `problem` (for the dialog footer's alert); `clear()` hides it, as a new save or an edit should.
 */
export function useServerErrors<V extends FieldValues>(
  setError: UseFormSetError<V>,
  fields: readonly Path<V>[],
  options: ServerErrorOptions<V> = {},
) {
  const [problem, setProblem] = useState<string | null>(null);
  return {
    problem,
    fail: (error: unknown) => setProblem(showServerErrors(error, setError, fields, options)),
    clear: () => setProblem(null),
  };
}

/**
 * The `error` and `helperText` props of an MUI field for react-hook-form's error of that field (a client rule's or the
 * server's, set by `showServerErrors`): the message when there is one, else the field's hint.
 */
export function fieldHelp(
  error: FormFieldError | undefined,
  hint?: ReactNode,
): { error: boolean; helperText: ReactNode } {
  const message = error?.message;
  return message ? { error: true, helperText: message } : { error: false, helperText: hint };
}
