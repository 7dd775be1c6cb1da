/**
 * The web app's message catalogues (docs/decisions/0069-member-language.md): every language has every
 * message of the English source and no other, with the same placeholders, each compiles as ICU
 * MessageFormat, and none is left in English outside a short allow-list of words that are the same.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@shared/languages.js';
import { compileCatalogue, pseudoLocalise, readCatalogue } from '../../scripts/vite-catalogues.js';

const english = readCatalogue('en-GB');

/**
 * Messages a language may write as English does, by language: words that are the same there. Keep it
 * short: a message here is never checked for being left untranslated.
 */
const SAME_AS_ENGLISH: Record<string, string[]> = { pl: ['vehicles.model'], ro: ['vehicles.model'], es: [], pt: [] };

/** The placeholder names of an ICU message (`{name}`, `{n, plural, …}`), sorted. */
const placeholdersOf = (message: string) =>
  [...new Set([...message.matchAll(/\{\s*([A-Za-z]\w*)\s*[,}]/g)].map((match) => match[1]))].sort();

describe('message catalogues', () => {
  it('the English source compiles and keeps its text as written', () => {
    const compiled = compileCatalogue(english);
    for (const [key, message] of Object.entries(english))
      if (!message.includes('{')) expect(compiled[key], key).toEqual([message]);
  });

  describe.each(LANGUAGES)('%s', (language) => {
    const messages = readCatalogue(language);

    it('has every message of the English source, and no other', () => {
      expect(Object.keys(english).filter((key) => !(key in messages))).toEqual([]);
      expect(Object.keys(messages).filter((key) => !(key in english))).toEqual([]);
    });

    it('keeps the placeholders of each message and compiles', () => {
      for (const [key, message] of Object.entries(messages))
        expect(placeholdersOf(message), key).toEqual(placeholdersOf(english[key] ?? ''));
      expect(() => compileCatalogue(messages)).not.toThrow();
    });

    it('leaves no message in English outside the allow-list', () => {
      const same = Object.keys(english).filter(
        (key) => messages[key]?.trim() === english[key]!.trim() && !SAME_AS_ENGLISH[language]!.includes(key),
      );
      expect(same).toEqual([]);
    });
  });

  it('the pseudo-locale accents every letter and makes a text about 35 % longer', () => {
    expect(pseudoLocalise('Team Discount')).toBe('Ţéàm Đíşçóúñţ~~~~~');
    // Longer texts still wrap: the padding comes in words.
    expect(pseudoLocalise('What do you want to do today?')).toBe('Ŵĥàţ đó ýóú ŵàñţ ţó đó ţóđàý?~~~~~ ~~~~~ ~');
    expect(compileCatalogue({ k: 'Hi, {name}' }, pseudoLocalise).k).toEqual(['Ĥí, ~~', ['name']]);
  });
});
