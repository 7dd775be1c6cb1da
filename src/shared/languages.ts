/**
 * The languages the staff side can be read in besides English (docs/decisions/0069-member-language.md).
 * English (en-GB) is the default and has no code here: a member with no language chosen (null on
 * their record) reads English. Codes are BCP 47 language tags, as `navigator.languages` gives them.
 */
export const LANGUAGES = ['pl', 'ro', 'es', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Whether `value` is one of LANGUAGES. */
export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
