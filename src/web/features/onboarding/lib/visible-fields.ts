import type { FieldDefinition, FieldValue } from '@shared/api/onboarding.js';

/** The form values of the details step, by field name (docs/product.md#onboarding). */
export type FormValues = Record<string, FieldValue | undefined>;

/** A value as the text a dependency compares (numbers as digits, files and nothing as ''). */
function asText(value: FieldValue | undefined): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return '';
}

/**
 * The fields to show, in order (docs/product.md#onboarding): a field with `dependent_field` (another field's id) and
 * `dependent_value` shows only while the form value of that field equals `dependent_value`. A
 * field whose own parent is hidden is hidden too, so a chain collapses when its first link does.
 */
export function visibleFields(fields: readonly FieldDefinition[], values: FormValues): FieldDefinition[] {
  const byId = new Map(fields.map((field) => [field.id, field]));
  const memo = new Map<number, boolean>();

  const isVisible = (field: FieldDefinition, seen: Set<number>): boolean => {
    const known = memo.get(field.id);
    if (known !== undefined) return known;
    let visible = true;
    if (field.dependent_field !== null && field.dependent_value !== null) {
      const parent = byId.get(field.dependent_field);
      // A loop or a missing parent cannot be satisfied: hide rather than guess.
      if (!parent || seen.has(parent.id)) visible = false;
      else
        visible =
          asText(values[parent.name]) === field.dependent_value && isVisible(parent, new Set(seen).add(field.id));
    }
    memo.set(field.id, visible);
    return visible;
  };

  return fields.filter((field) => isVisible(field, new Set([field.id])));
}
