/**
 * Coded errors thrown by services: a stable code (src/shared/error-codes.ts, which maps each to its HTTP
 * status) and a message for the user that names no CLI flag or command; the CLI words its own.
 */
import type { FieldError } from '@shared/api/errors.js';
import { ERROR_CODE_STATUS, type ErrorCode } from '@shared/error-codes.js';

/** The one map from code to status, kept with the codes in the contract so the web can name them. */
export const APP_ERROR_STATUS = ERROR_CODE_STATUS;

export type AppErrorCode = ErrorCode;

/**
 * A service's refusal: `code` says what it is (the web and the CLI branch on it), `message` is for the
 * user, `fields` name the form fields at fault. `detail` is for callers inside the server (the CLI
 * words its own refusal from it) and never goes on the wire.
 */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    public readonly code: AppErrorCode,
    message: string,
    public readonly fields?: FieldError[],
    public readonly detail?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = APP_ERROR_STATUS[code];
  }
}

export const isAppError = (err: unknown): err is AppError => err instanceof AppError;
