/**
 * The server's message catalogues (src/server/i18n/catalogues, docs/decisions/0069-member-language.md):
 * every language has every message of the English source and no other, with the same placeholders
 * and paragraphs, each compiles as ICU MessageFormat, and none is left in English.
 */
import { readFileSync } from 'node:fs';
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@shared/languages.js';

const read = (locale: string) =>
  JSON.parse(readFileSync(`src/server/i18n/catalogues/${locale}.json`, 'utf8')) as Record<string, string>;
const english = read('en-GB');

/** The placeholder names of a compiled message, those inside `select` and `plural` branches too. */
function namesIn(compiled: CompiledMessage): string[] {
  return compiled.flatMap((token) => {
    if (typeof token === 'string') return [];
    const [name, , branches] = token as [string, string?, Record<string, CompiledMessage | undefined>?];
    // A branch list also carries `offset`, undefined when the message sets none.
    return [name, ...Object.values(branches ?? {}).flatMap((branch) => (Array.isArray(branch) ? namesIn(branch) : []))];
  });
}
/** The placeholder names of an ICU message (`{name}`, `{n, plural, …}`), sorted. */
const placeholdersOf = (message: string) => [...new Set(namesIn(compileMessageOrThrow(message)))].sort();
/** How many paragraphs a message has: a mail's layout is built around them. */
const paragraphsOf = (message: string) => message.split('\n\n').length;

describe('server message catalogues', () => {
  it('the English source compiles, with keys named area.name', () => {
    for (const [key, message] of Object.entries(english)) {
      expect(key).toMatch(/^[a-z][A-Za-z]*\.[a-z][A-Za-z0-9]*$/);
      expect(() => compileMessageOrThrow(message), key).not.toThrow();
    }
  });

  describe.each(LANGUAGES)('%s', (language) => {
    const messages = read(language);

    it('has every message of the English source, and no other', () => {
      expect(Object.keys(english).filter((key) => !(key in messages))).toEqual([]);
      expect(Object.keys(messages).filter((key) => !(key in english))).toEqual([]);
    });

    it('keeps the placeholders and paragraphs of each message and compiles', () => {
      for (const [key, message] of Object.entries(messages)) {
        expect(placeholdersOf(message), key).toEqual(placeholdersOf(english[key] ?? ''));
        expect(paragraphsOf(message), key).toBe(paragraphsOf(english[key] ?? ''));
        expect(() => compileMessageOrThrow(message), key).not.toThrow();
      }
    });

    it('leaves no message in English', () => {
      expect(Object.keys(english).filter((key) => messages[key]?.trim() === english[key]!.trim())).toEqual([]);
    });
  });
});
