/**
 * Coded errors thrown by services, and the one map from code to HTTP status
 * (documenso app-error.ts style; statuses per docs/architecture.md#wire-conventions).
 */
import type { FieldError } from '@shared/api/errors.js';

export const APP_ERROR_STATUS = {
  BAD_REQUEST: 400,
  /** The signed-in member does not match the one the request speaks for (docs/product.md#errors survey 401). */
  SESSION_MISMATCH: 401,
  STEP_UP_REQUIRED: 402,
  NOT_SIGNED_IN: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  UPSTREAM_FAILED: 502,
} as const;

export type AppErrorCode = keyof typeof APP_ERROR_STATUS;

export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    public readonly code: AppErrorCode,
    message: string,
    public readonly fields?: FieldError[],
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = APP_ERROR_STATUS[code];
  }
}

export const isAppError = (err: unknown): err is AppError => err instanceof AppError;
