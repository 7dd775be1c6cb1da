/**
 * The message catalogues of the web app (src/web/i18n/catalogues/<locale>.json, ICU MessageFormat),
 * compiled at build time into Lingui's compiled form, so no message parser ships to the browser
 * (docs/decisions/0069-member-language.md).
 *
 * Modules it serves:
 * - `virtual:catalogue/<locale>`: every message of `<locale>` (`pl`, `ro`, `es`, `pt`), compiled; the
 *   app imports it lazily, one chunk per language, when a member picks that language;
 * - `virtual:catalogue/en-GB/<area>`: the English messages whose key starts with `<area>.`, compiled;
 *   each area's code imports its English statically, so English needs no fetch and a screen carries
 *   only its own English (the sign-in screen's English is not in the dashboard's chunk, and so on);
 * - `virtual:catalogue/pseudo`: the English messages pseudo-localised (pseudoLocalise), for checking
 *   the screens for untranslated text and for room; never offered in the production menu.
 *
 * Each is `export default { [key]: CompiledMessage }`. Throws (failing the build) on a message that
 * is not valid ICU MessageFormat.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:catalogue/';
const RESOLVED = '\0catalogue:';

/** Where the catalogues live. */
export const CATALOGUE_DIR = fileURLToPath(new URL('../src/web/i18n/catalogues/', import.meta.url));

/** The messages of `locale`'s catalogue, as written (ICU strings by key). */
export function readCatalogue(locale: string): Record<string, string> {
  return JSON.parse(readFileSync(path.join(CATALOGUE_DIR, `${locale}.json`), 'utf8')) as Record<string, string>;
}

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdeghiklnorstuwyzABCDEGHIKLNORSTUWYZ'].map((letter, i) => [
    letter,
    [...'àƀçđéğĥíķłñóŕşţúŵýžÅƁÇĐÉĞĤÍĶŁÑÓŔŞŢÚŴÝŽ'][i]!,
  ]),
);

/**
 * A pseudo-localised text: every Latin letter with an accent and the text about 35 % longer (tildes
 * at the end, in words of five), so text that bypassed the catalogue shows plain, and a layout too tight for a
 * longer language overflows. Placeholders are left alone (the compiler maps text tokens only).
 */
export function pseudoLocalise(text: string): string {
  if (!/\S/.test(text)) return text;
  const accented = [...text].map((char) => ACCENTED[char] ?? char).join('');
  // In words of five, so the longer text still wraps as a language's words would.
  const padding = '~'.repeat(Math.ceil(text.trim().length * 0.35));
  return accented + (padding.match(/~{1,5}/g) ?? []).join(' ');
}

/** `messages` compiled, keyed as they are, `mapText` applied to their text; names the key of a message that does not parse. */
export function compileCatalogue(
  messages: Record<string, string>,
  mapText?: (text: string) => string,
): Record<string, CompiledMessage> {
  return Object.fromEntries(
    Object.entries(messages).map(([key, icu]) => {
      try {
        return [key, compileMessageOrThrow(icu, mapText)];
      } catch (error) {
        throw new Error(`Message "${key}" is not valid ICU MessageFormat: ${(error as Error).message}`);
      }
    }),
  );
}

/** The Vite plugin serving the `virtual:catalogue/…` modules. */
export function catalogues(): Plugin {
  return {
    name: 'staffroom:catalogues',
    resolveId(id) {
      return id.startsWith(PREFIX) ? RESOLVED + id.slice(PREFIX.length) : null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const [locale, area] = id.slice(RESOLVED.length).split('/');
      const source = locale === 'pseudo' ? 'en-GB' : locale!;
      this.addWatchFile(path.join(CATALOGUE_DIR, `${source}.json`));
      let messages = readCatalogue(source);
      if (area) messages = Object.fromEntries(Object.entries(messages).filter(([key]) => key.startsWith(`${area}.`)));
      const compiled = compileCatalogue(messages, locale === 'pseudo' ? pseudoLocalise : undefined);
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}
