// @vitest-environment node
import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fieldKeyId, fieldKeyring, openField, sealField, sealedKeyId } from './field-crypto.js';

const base64Key = () => randomBytes(32).toString('base64');

/** A value as releases before key ids sealed it: `v1.<base64url(iv | tag | ciphertext)>`. */
function sealV1(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: 16 });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')}`;
}

describe('sealed fields', () => {
  const keys = fieldKeyring(base64Key());

  it('round-trips under the current key, names its id, and never holds the plain value', () => {
    const sealed = sealField(keys, '12345678', 'staff:1:bank_account');
    expect(sealed).toMatch(/^v2\.[A-Za-z0-9_-]{11}\.[A-Za-z0-9_-]+$/);
    expect(sealedKeyId(sealed)).toBe(keys.current.id);
    expect(sealed).not.toContain('12345678');
    expect(openField(keys, sealed, 'staff:1:bank_account')).toBe('12345678');
    expect(sealField(keys, '12345678', 'staff:1:bank_account')).not.toBe(sealed);
  });

  it('refuses another context, another key, and a tampered value', () => {
    const sealed = sealField(keys, '12345678', 'staff:1:bank_account');
    expect(() => openField(keys, sealed, 'staff:2:bank_account')).toThrow();
    expect(() => openField(fieldKeyring(base64Key()), sealed, 'staff:1:bank_account')).toThrow(
      `Sealed under key id ${keys.current.id}, which is not configured.`,
    );
    const [, kid, body] = sealed.split('.');
    const raw = Buffer.from(body!, 'base64url');
    raw[raw.length - 1] = raw[raw.length - 1]! ^ 1;
    expect(() => openField(keys, `v2.${kid}.${raw.toString('base64url')}`, 'staff:1:bank_account')).toThrow();
  });

  it('gives each key a short id that is not the key, the same for the same key', () => {
    const key = randomBytes(32);
    expect(fieldKeyId(key)).toBe(fieldKeyId(Buffer.from(key)));
    expect(fieldKeyId(key)).not.toBe(fieldKeyId(randomBytes(32)));
    expect(fieldKeyId(key)).toHaveLength(11);
    expect(key.toString('base64url')).not.toContain(fieldKeyId(key));
  });

  it('opens what a previous key sealed, and seals only under the current one', () => {
    const old = base64Key();
    const before = sealField(fieldKeyring(old), 'AB 12 34 56 C', 'staff:1:ni_number');
    const rotated = fieldKeyring(base64Key(), [old]);
    expect(openField(rotated, before, 'staff:1:ni_number')).toBe('AB 12 34 56 C');
    expect(sealedKeyId(sealField(rotated, 'x', 'c'))).toBe(rotated.current.id);
    expect(rotated.all.map((k) => k.id)).toEqual([rotated.current.id, fieldKeyring(old).current.id]);
  });

  it('opens a v1 value (sealed before key ids) with whichever configured key sealed it', () => {
    const old = base64Key();
    const v1 = sealV1(Buffer.from(old, 'base64'), '31926819', 'staff:1:bank_account');
    expect(sealedKeyId(v1)).toBeNull();
    expect(openField(fieldKeyring(old), v1, 'staff:1:bank_account')).toBe('31926819');
    expect(openField(fieldKeyring(base64Key(), [old]), v1, 'staff:1:bank_account')).toBe('31926819');
    expect(() => openField(fieldKeyring(base64Key()), v1, 'staff:1:bank_account')).toThrow(
      'Sealed value does not open with any configured key.',
    );
  });

  it('refuses a key that is not 32 bytes without quoting it', () => {
    expect(() => fieldKeyring(Buffer.from('short').toString('base64'))).toThrow(
      'The encryption key must be 32 bytes (base64).',
    );
  });
});
