import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '@web/i18n/i18n';
import '../i18n';
import { twoFactorProblem } from './texts';

describe('twoFactorProblem', () => {
  afterEach(async () => {
    await activateLocale('en-GB');
  });

  it('words a known refusal in Polish, the tries left counted as Polish counts them', async () => {
    await activateLocale('pl');
    expect(twoFactorProblem('That code has expired. Ask for a new code.')).toBe('Ten kod wygasł. Poproś o nowy kod.');
    expect(twoFactorProblem('That code is not right. 1 try left.')).toBe(
      'Ten kod jest nieprawidłowy. Została 1 próba.',
    );
    expect(twoFactorProblem('That code is not right. 3 tries left.')).toBe(
      'Ten kod jest nieprawidłowy. Zostały 3 próby.',
    );
  });

  it('knows no other text', async () => {
    await activateLocale('pl');
    expect(twoFactorProblem('Something else went wrong.')).toBeUndefined();
  });
});
