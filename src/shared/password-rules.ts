/**
 * Password rules of docs/product.md#onboarding, shared so the live hints and the server agree: at least 8 characters;
 * onboarding also at least 1 digit; symbols are counted but not required; the check must equal the
 * password and not be empty.
 */

/** Minimum password length (docs/product.md#onboarding). */
export const PASSWORD_MIN_LENGTH = 8;

/** Longest password accepted: argon2 hashes anything, this only stops abuse. */
export const PASSWORD_MAX_LENGTH = 256;

export interface PasswordChecks {
  length: boolean;
  digit: boolean;
  /** Informational only (docs/product.md#onboarding: counted, not required). */
  symbols: number;
  matches: boolean;
}

/** The state of each hint for `password` and its repeat `check`. */
export function checkPassword(password: string, check: string): PasswordChecks {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH,
    digit: /\d/.test(password),
    symbols: (password.match(/[^\p{L}\p{N}\s]/gu) ?? []).length,
    matches: check.length > 0 && check === password,
  };
}

/** Whether a password passes; `requireDigit` is true for onboarding (docs/product.md#onboarding). */
export function passwordAcceptable(c: PasswordChecks, requireDigit: boolean): boolean {
  return c.length && (!requireDigit || c.digit) && c.matches;
}
