/**
 * Fields sealed at rest (docs/architecture.md: bank details encrypted, AES-256-GCM, key from config), with
 * Node's crypto: a random 96-bit IV per value, the 128-bit tag checked on opening, and the field's
 * context (e.g. `staff:<id>:bank_account`) as additional data, so a sealed value copied to another
 * row or field does not open. Format: `v1.<base64url(iv | tag | ciphertext)>`.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/** The 32-byte key from its base64 form. @throws when it is not 32 bytes. */
export function fieldKey(base64: string): Buffer {
  const key = Buffer.from(base64, 'base64');
  if (key.length !== 32) throw new Error('The encryption key must be 32 bytes (base64).');
  return key;
}

/** Seals `plaintext` for `context`. */
export function sealField(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: 16 });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')}`;
}

/** Opens a sealed value. @throws when it was tampered with, sealed for another context or key. */
export function openField(key: Buffer, sealed: string, context: string): string {
  const [version, body] = sealed.split('.');
  if (version !== VERSION || !body) throw new Error('Unknown sealed-field format.');
  const raw = Buffer.from(body, 'base64url');
  if (raw.length < 28) throw new Error('Sealed value too short.');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12), { authTagLength: 16 });
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
