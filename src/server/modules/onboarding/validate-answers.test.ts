// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fieldDefinitionSchema, type FieldDefinition } from '@shared/api/onboarding.js';
import { validateAnswers } from './validate-answers.js';

const field = (f: Partial<FieldDefinition> & Pick<FieldDefinition, 'id' | 'name' | 'type'>) =>
  fieldDefinitionSchema.parse({ label: f.name, ...f });

const fields = [
  field({
    id: 1,
    name: 'has_car',
    type: 'radio',
    required: true,
    allowed_values: [
      { key: 'yes', value: 'Yes' },
      { key: 'no', value: 'No' },
    ],
  }),
  field({
    id: 2,
    name: 'car_kind',
    type: 'select',
    required: true,
    dependent_field: 1,
    dependent_value: 'yes',
    allowed_values: [
      { key: 'ev', value: 'Electric' },
      { key: 'ice', value: 'Petrol or diesel' },
    ],
  }),
  field({ id: 3, name: 'charger', type: 'text', required: true, dependent_field: 2, dependent_value: 'ev' }),
  field({ id: 4, name: 'intro', type: 'content' }),
  field({ id: 5, name: 'start', type: 'date', min_date: '2026-01-01', max_date: '2026-12-31' }),
];
const opts = { today: '2026-11-21', findFile: async () => undefined };

describe('onboarding answers', () => {
  it('follows dependency chains: a field is asked only when every field above it is shown and matches', async () => {
    expect((await validateAnswers(fields, { has_car: 'no' }, opts)).errors).toEqual([]);
    expect((await validateAnswers(fields, { has_car: 'yes' }, opts)).errors).toEqual([
      { field: 'car_kind', error: 'This field is required' },
    ]);
    expect((await validateAnswers(fields, { has_car: 'yes', car_kind: 'ev' }, opts)).errors).toEqual([
      { field: 'charger', error: 'This field is required' },
    ]);
    // Hidden further up: the grandchild is not asked and its value is dropped.
    const hidden = await validateAnswers(fields, { has_car: 'no', car_kind: 'ev', charger: 'Home' }, opts);
    expect(hidden).toEqual({ answers: { has_car: 'no' }, errors: [] });
  });

  it('ignores display-only fields and checks date limits', async () => {
    const res = await validateAnswers(fields, { has_car: 'no', intro: 'x', start: '2027-01-04' }, opts);
    expect(res.errors).toEqual([{ field: 'start', error: 'must be on or before 31/12/2026' }]);
    expect((await validateAnswers(fields, { has_car: 'no', start: '2025-12-31' }, opts)).errors).toEqual([
      { field: 'start', error: 'must be on or after 01/01/2026' },
    ]);
  });
});
