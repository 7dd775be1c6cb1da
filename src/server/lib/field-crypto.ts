/**
 * Fields sealed at rest (docs/architecture.md: bank details encrypted, AES-256-GCM, key from config), with
 * Node's crypto: a random 96-bit IV per value, the 128-bit tag checked on opening, and the field's
 * context (e.g. `staff:<id>:bank_account`) as additional data, so a sealed value copied to another
 * row or field does not open.
 *
 * Format: `v2.<key id>.<base64url(iv | tag | ciphertext)>`, the key id naming the key that sealed it
 * (fieldKeyId), so a reader picks the key and a re-seal finds what is left under an old one
 * (docs/decisions/0056-field-key-ids-and-rotation.md). Values sealed before key ids,
 * `v1.<base64url(iv | tag | ciphertext)>`, name no key: every configured key is tried and the tag decides.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/** One 32-byte AES key and its id. */
export interface FieldKey {
  /** fieldKeyId(key): safe to log, to store beside the data and to show an operator. */
  id: string;
  key: Buffer;
}

/**
 * The keys of a process: `current` seals every new value; `all` (current first, then the previous
 * keys ENCRYPTION_KEYS_PREVIOUS lists) open what was sealed before a rotation.
 */
export interface FieldKeyring {
  current: FieldKey;
  all: FieldKey[];
}

/**
 * A key's id: the first 8 bytes of HMAC-SHA256(key, 'staffroom field key id'), base64url (11
 * characters). A one-way fingerprint: it tells keys apart and reveals nothing of the key.
 */
export function fieldKeyId(key: Buffer): string {
  return createHmac('sha256', key).update('staffroom field key id').digest().subarray(0, 8).toString('base64url');
}

/** The 32-byte key from its base64 form. @throws when it is not 32 bytes (the message never quotes it). */
function decodeKey(base64: string): Buffer {
  const key = Buffer.from(base64, 'base64');
  if (key.length !== 32) throw new Error('The encryption key must be 32 bytes (base64).');
  return key;
}

/**
 * The keyring of a current key and the previous ones, each base64 (32 bytes). A previous key equal to
 * the current one is dropped. @throws when a key is not 32 bytes.
 */
export function fieldKeyring(current: string, previous: readonly string[] = []): FieldKeyring {
  const toKey = (base64: string): FieldKey => {
    const key = decodeKey(base64);
    return { id: fieldKeyId(key), key };
  };
  const head = toKey(current);
  const all = [head];
  for (const base64 of previous) {
    const next = toKey(base64);
    if (!all.some((k) => k.id === next.id)) all.push(next);
  }
  return { current: head, all };
}

/** The id of the key a value was sealed under, or null for a `v1` value (which names none) and text that is no sealed value. */
export function sealedKeyId(sealed: string): string | null {
  const parts = sealed.split('.');
  return parts.length === 3 && parts[0] === 'v2' ? parts[1]! : null;
}

/** Seals `plaintext` for `context` under the current key. */
export function sealField(keys: FieldKeyring, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.current.key, iv, { authTagLength: 16 });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `v2.${keys.current.id}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')}`;
}

function openWith(key: Buffer, raw: Buffer, context: string): string {
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12), { authTagLength: 16 });
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/**
 * Opens a sealed value with the key its id names (a `v2` value) or with whichever configured key
 * opens it (a `v1` value).
 * @throws when it was tampered with, sealed for another context, or under a key not in `keys`; the
 *   message names at most the key id, never the value.
 */
export function openField(keys: FieldKeyring, sealed: string, context: string): string {
  const parts = sealed.split('.');
  const [version] = parts;
  const body =
    version === 'v2' && parts.length === 3 ? parts[2] : version === 'v1' && parts.length === 2 ? parts[1] : '';
  if (!body) throw new Error('Unknown sealed-field format.');
  const raw = Buffer.from(body, 'base64url');
  if (raw.length < 28) throw new Error('Sealed value too short.');
  if (version === 'v2') {
    const kid = parts[1]!;
    const key = keys.all.find((k) => k.id === kid);
    if (!key) throw new Error(`Sealed under key id ${kid}, which is not configured.`);
    return openWith(key.key, raw, context);
  }
  for (const key of keys.all) {
    try {
      return openWith(key.key, raw, context);
    } catch {
      // The tag says this key is not the one; the next may be.
    }
  }
  throw new Error('Sealed value does not open with any configured key.');
}
