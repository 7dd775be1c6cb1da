/** Onboarding statuses and fields (docs/product.md#onboarding) for web unit tests; override what the test is about. */
import type { FieldDefinition, OnboardingStatus } from '@shared/api/onboarding.js';

let nextId = 100;

/** A field definition with the schema's defaults. */
export function field(overrides: Partial<FieldDefinition> & Pick<FieldDefinition, 'name' | 'label'>): FieldDefinition {
  return {
    id: nextId++,
    type: 'text',
    required: false,
    input_pattern: null,
    input_pattern_error: null,
    allowed_values: null,
    dependent_field: null,
    dependent_value: null,
    min_date: null,
    max_date: null,
    ...overrides,
  };
}

/** A status on the details step with these fields and no answers. */
export function onboardingStatus(
  overrides: Partial<OnboardingStatus> = {},
  fields: FieldDefinition[] = [],
): OnboardingStatus {
  return {
    step: 'details',
    data: { forename: 'Ava' },
    fields: {},
    fieldset: { data: { name: 'Bar staff', fields } },
    errors: [],
    ...overrides,
  };
}
