/**
 * Random tokens and their stored form. Tokens are 256-bit from the CSPRNG; only their SHA-256 is kept,
 * so a database leak gives no usable session or link (docs/architecture.md#identity).
 */
import { createHmac, hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, base64url (43 characters). */
export const newToken = (): string => randomBytes(32).toString('base64url');

/**
 * Hex SHA-256 of text (UTF-8) or bytes. Node's one-shot `hash()`: no Hash stream object per call, for
 * the session lookup that hashes the cookie on every signed-in request.
 */
export const sha256Hex = (data: string | Uint8Array): string => hash('sha256', data, 'hex');

/** Hex SHA-256 of a token: the form stored and looked up. */
export const hashToken = (token: string): string => sha256Hex(token);

/** Base64url HMAC-SHA-256 of `message` under `key`. */
export const hmac = (key: string, message: string): string =>
  createHmac('sha256', key).update(message).digest('base64url');

/** Constant-time string comparison. */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
