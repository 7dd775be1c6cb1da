/**
 * Keys derived from the app secret, one per use (HKDF-SHA256, RFC 5869, salt `staffroom`, `purpose` as
 * the info), so a value signed for one use is never good for another. Each is derived once per secret
 * and kept: the hot paths (the discount card, a people page's cursor, a download link) sign on every
 * call, and deriving cost more than signing. The keys are 32 bytes; callers must not modify them.
 */
import { hkdfSync } from 'node:crypto';

const derived = new Map<string, Buffer>();

/** The 32-byte key of `purpose` under `appSecret`. */
export function derivedKey(appSecret: string, purpose: string): Buffer {
  const id = `${purpose}\u0000${appSecret}`;
  let key = derived.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', appSecret, 'staffroom', purpose, 32));
    derived.set(id, key);
  }
  return key;
}
