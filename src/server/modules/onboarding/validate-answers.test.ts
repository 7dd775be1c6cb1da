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

describe('bank details among the answers', () => {
  const bank = [
    field({ id: 1, name: 'bank_account', type: 'text', required: true }),
    field({ id: 2, name: 'sort_code', type: 'text', required: true }),
  ];
  const optional = bank.map((f) => ({ ...f, required: false }));

  it('checks them as My Details does and keeps their digits', async () => {
    expect(await validateAnswers(bank, { bank_account: ' 1234 5678 ', sort_code: '12-34-56' }, opts)).toEqual({
      answers: { bank_account: '12345678', sort_code: '123456' },
      errors: [],
    });
    expect((await validateAnswers(bank, { bank_account: '1234567', sort_code: '12-34-5x' }, opts)).errors).toEqual([
      { field: 'bank_account', error: 'Enter the 8-digit account number' },
      { field: 'sort_code', error: 'Enter the 6-digit sort code, like 12-34-56' },
    ]);
  });

  it('takes them as a pair: one without the other is refused, neither is fine when optional', async () => {
    expect((await validateAnswers(optional, {}, opts)).errors).toEqual([]);
    expect((await validateAnswers(optional, { bank_account: '12345678' }, opts)).errors).toEqual([
      { field: 'sort_code', error: 'Enter the 6-digit sort code, like 12-34-56' },
    ]);
    expect((await validateAnswers(optional, { sort_code: '123456', bank_account: null }, opts)).errors).toEqual([
      { field: 'bank_account', error: 'Enter the 8-digit account number' },
    ]);
  });
});
