import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import english from 'virtual:catalogue/en-GB';
import { formatEnglish, type MessageValues } from './i18n';

/** What Lingui's runtime makes of `message` in English with `values`. */
function byLingui(message: ReturnType<typeof compileMessage>, values: MessageValues): string {
  const i18n = setupI18n({ locale: 'en-GB', messages: { 'en-GB': { m: message } } });
  return i18n._('m', values);
}

const VALUES: MessageValues = {
  name: 'Priya',
  reason: 'No signal.',
  age: 17,
  adultAge: 18,
  time: '14:05',
  product: 'Staffroom',
  brand: 'Lantern Inns',
};

describe('English without Lingui', () => {
  it('formats every English message of the catalogues exactly as Lingui does', () => {
    for (const [key, message] of Object.entries(english))
      expect(formatEnglish(message as ReturnType<typeof compileMessage>, VALUES), key).toBe(
        byLingui(message as ReturnType<typeof compileMessage>, VALUES),
      );
  });

  it.each([
    ['{n, plural, =0 {no shifts} one {# shift} other {# shifts}}', [0, 1, 2, 1500]],
    ['{n, plural, offset:1 one {you and # other} other {you and # others}}', [2, 3]],
    ['{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}', [1, 2, 3, 4, 11, 22]],
    ['{n, number} hours', [1234.5]],
    ['{who, select, manager {Your manager} other {HR}} will check it', ['manager', 'hr']],
  ])('formats %s as Lingui does', (icu, cases) => {
    const message = compileMessage(icu);
    for (const value of cases) {
      const values = { n: value, who: value };
      expect(formatEnglish(message, values)).toBe(byLingui(message, values));
    }
  });
});
