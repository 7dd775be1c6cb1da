/**
 * Facts about onboarding field types (docs/product.md#onboarding field definition, input modes) both sides rely on.
 * Plain code, no zod, so the web imports it without the schemas.
 */

/** Field types of docs/product.md#onboarding. `title` and `content` only show text and take no answer. */
export const FIELD_TYPES = [
  'title',
  'content',
  'text',
  'email',
  'number',
  'phone',
  'date',
  'select',
  'radio',
  'file',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
export const DISPLAY_ONLY_TYPES: readonly FieldType[] = ['title', 'content'];

/** Whether a type only shows text. */
export const isDisplayOnly = (type: FieldType): boolean => DISPLAY_ONLY_TYPES.includes(type);

/** The digits-only input_pattern: such a field gets a numeric input mode (docs/product.md#onboarding). */
export const DIGITS_ONLY_PATTERN = '[0-9]*';
export const isDigitsOnlyPattern = (p: string | null | undefined): boolean =>
  p === DIGITS_ONLY_PATTERN || p === '\\d*' || p === '[0-9]+' || p === '\\d+';

/** `p` compiled as the browser compiles an HTML `pattern` (anchored, `v` flag); null when invalid. */
export function compilePattern(p: string): RegExp | null {
  try {
    return new RegExp(`^(?:${p})$`, 'v');
  } catch {
    return null;
  }
}
