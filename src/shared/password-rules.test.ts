import { describe, expect, it } from 'vitest';
import { checkPassword, passwordAcceptable } from './password-rules.js';

describe('password rules (docs/product.md#onboarding)', () => {
  it('needs 8 characters, a digit for onboarding, and a matching non-empty check', () => {
    expect(checkPassword('Welcome1', 'Welcome1')).toEqual({ length: true, digit: true, symbols: 0, matches: true });
    expect(passwordAcceptable(checkPassword('Welcome1', 'Welcome1'), true)).toBe(true);
    expect(passwordAcceptable(checkPassword('Welcome!', 'Welcome!'), true)).toBe(false);
    expect(passwordAcceptable(checkPassword('Welcome!', 'Welcome!'), false)).toBe(true);
    expect(passwordAcceptable(checkPassword('Short1', 'Short1'), true)).toBe(false);
    expect(checkPassword('', '').matches).toBe(false);
  });

  it('counts symbols without requiring them', () => {
    expect(checkPassword('P@ss w0rd£!', '').symbols).toBe(3);
  });
});
