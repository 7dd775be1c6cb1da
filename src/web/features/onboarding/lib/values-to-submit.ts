import type { FieldDefinition, FieldValue } from '@shared/api/onboarding.js';
import { isDisplayOnly } from '@shared/field-rules.js';
import type { FormValues } from './visible-fields';

/** A number field's text as a number when it is one; other text is sent as typed for the server to judge. */
function numberValue(value: FieldValue | undefined): FieldValue {
  if (typeof value !== 'string') return value ?? null;
  const text = value.trim();
  if (text === '') return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : value;
}

/**
 * The `fields` of the details submit (docs/product.md#onboarding): every shown field that takes an answer, by
 * name; nothing typed is sent as null. Title and content fields, and fields hidden by their
 * dependency, are left out.
 */
export function valuesToSubmit(shown: readonly FieldDefinition[], values: FormValues): Record<string, FieldValue> {
  const body: Record<string, FieldValue> = {};
  for (const field of shown) {
    if (isDisplayOnly(field.type)) continue;
    body[field.name] = field.type === 'number' ? numberValue(values[field.name]) : (values[field.name] ?? null);
  }
  return body;
}

/**
 * The `fields` of a draft save (docs/product.md#drafts): every answer given to a field that
 * takes one, shown or hidden (switching a dependency back brings its answers back), as typed.
 */
export function draftFields(definitions: readonly FieldDefinition[], values: FormValues): Record<string, FieldValue> {
  const body: Record<string, FieldValue> = {};
  for (const field of definitions) {
    const value = values[field.name];
    if (!isDisplayOnly(field.type) && value !== undefined) body[field.name] = value;
  }
  return body;
}
