import { LANGUAGES } from '@shared/languages.js';
import { ENGLISH_NAME, LANGUAGE_NAMES, PSEUDO_NAME } from './language-names';

/**
 * The options of a language select (the side menu's and the link pages'), for a native select: English
 * and LANGUAGES, each by its own name and marked in its language; the pseudo-locale in development only
 * (docs/decisions/0069-member-language.md).
 */
export function LanguageOptions() {
  return (
    <>
      <option value="en-GB" lang="en-GB">
        {ENGLISH_NAME}
      </option>
      {LANGUAGES.map((language) => (
        <option key={language} value={language} lang={language}>
          {LANGUAGE_NAMES[language]}
        </option>
      ))}
      {import.meta.env.DEV && <option value="pseudo">{PSEUDO_NAME}</option>}
    </>
  );
}
