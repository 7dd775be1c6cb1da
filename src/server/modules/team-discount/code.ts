/**
 * Rotating team-discount codes (docs/product.md#team-discount). A code is `<staff number>-<MAC>`: the MAC is the first
 * 40 bits of HMAC-SHA-256 under a key derived from the app secret (HKDF, RFC 5869), over the staff
 * number and the time window, written in Crockford base32. It changes by itself at the end of
 * each window, and anyone holding the key (the server answering a till) can check a code without
 * a database lookup. A code of the previous window is recognised as expired; anything else is not.
 * While APP_SECRET rotates, a code under the previous secret's key still checks (docs/operations.md#keys-and-secrets).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { derivedKey } from '@server/lib/derived-keys.js';

/** Crockford's base32: no I, L, O or U, so a code read out at a till is not misheard. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** The discount key from the app secret (kept apart from every other use of the secret). */
export function discountKey(appSecret: string): Buffer {
  return derivedKey(appSecret, 'team-discount-code');
}

/** The window `at` falls in: windows of `windowMs` counted from the Unix epoch (UTC). */
export function discountWindow(at: Date, windowMs: number): { index: number; start: Date; end: Date } {
  const index = Math.floor(at.getTime() / windowMs);
  return { index, start: new Date(index * windowMs), end: new Date((index + 1) * windowMs) };
}

function mac(key: Buffer, staffNumber: number, windowIndex: number): string {
  const digest = createHmac('sha256', key).update(`discount:${staffNumber}:${windowIndex}`).digest();
  let bits = 0n;
  for (const byte of digest.subarray(0, 5)) bits = (bits << 8n) | BigInt(byte);
  let out = '';
  for (let i = 0; i < 8; i++) {
    out = CROCKFORD[Number(bits & 31n)]! + out;
    bits >>= 5n;
  }
  return out;
}

/** The code of `staffNumber` for a window. */
export function discountCode(key: Buffer, staffNumber: number, windowIndex: number): string {
  return `${staffNumber}-${mac(key, staffNumber, windowIndex)}`;
}

export type CodeCheck = { status: 'current' | 'expired'; staffNumber: number } | { status: 'not_recognised' };

/**
 * Checks a code typed or scanned at a till (case, spaces and Crockford look-alikes forgiven) against
 * `keys`: one key, or the current key and the previous one during an APP_SECRET rotation.
 */
export function checkDiscountCode(
  keys: Buffer | readonly Buffer[],
  code: string,
  at: Date,
  windowMs: number,
): CodeCheck {
  const cleaned = code.trim().toUpperCase().replace(/\s+/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  const m = /^(\d{1,9})-([0-9A-HJKMNP-TV-Z]{8})$/.exec(cleaned);
  if (!m) return { status: 'not_recognised' };
  const staffNumber = Number(m[1]);
  const given = Buffer.from(m[2]!);
  const { index } = discountWindow(at, windowMs);
  const same = (w: number) =>
    (Buffer.isBuffer(keys) ? [keys] : keys).some((key) => {
      const expected = Buffer.from(mac(key, staffNumber, w));
      return expected.length === given.length && timingSafeEqual(expected, given);
    });
  if (same(index)) return { status: 'current', staffNumber };
  if (same(index - 1)) return { status: 'expired', staffNumber };
  return { status: 'not_recognised' };
}
