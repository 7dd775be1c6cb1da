// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openField, sealField } from './field-crypto.js';

describe('sealed fields', () => {
  const key = randomBytes(32);

  it('round-trips, and never holds the plain value', () => {
    const sealed = sealField(key, '12345678', 'staff:1:bank_account');
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('12345678');
    expect(openField(key, sealed, 'staff:1:bank_account')).toBe('12345678');
    expect(sealField(key, '12345678', 'staff:1:bank_account')).not.toBe(sealed);
  });

  it('refuses another context, another key, and a tampered value', () => {
    const sealed = sealField(key, '12345678', 'staff:1:bank_account');
    expect(() => openField(key, sealed, 'staff:2:bank_account')).toThrow();
    expect(() => openField(randomBytes(32), sealed, 'staff:1:bank_account')).toThrow();
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 1] = raw[raw.length - 1]! ^ 1;
    expect(() => openField(key, `v1.${raw.toString('base64url')}`, 'staff:1:bank_account')).toThrow();
  });
});
