import { describe, expect, it } from 'vitest';
import { field } from '@web/testing/onboarding';
import { visibleFields } from './visible-fields';

const driver = field({
  id: 1,
  name: 'has_licence',
  label: 'Do you hold a driving licence?',
  type: 'radio',
  allowed_values: [
    { key: 'yes', value: 'Yes' },
    { key: 'no', value: 'No' },
  ],
});
const licence = field({
  id: 2,
  name: 'licence_number',
  label: 'Licence number',
  dependent_field: 1,
  dependent_value: 'yes',
});
const points = field({
  id: 3,
  name: 'points',
  label: 'Penalty points',
  type: 'number',
  dependent_field: 2,
  dependent_value: 'X',
});
const title = field({ id: 4, name: 'about_you', label: 'About you', type: 'title' });
const names = (list: { name: string }[]) => list.map((f) => f.name);

describe('visibleFields', () => {
  it('shows a dependent field only while the other field equals dependent_value', () => {
    const fields = [title, driver, licence];
    expect(names(visibleFields(fields, {}))).toEqual(['about_you', 'has_licence']);
    expect(names(visibleFields(fields, { has_licence: 'no' }))).toEqual(['about_you', 'has_licence']);
    expect(names(visibleFields(fields, { has_licence: 'yes' }))).toEqual([
      'about_you',
      'has_licence',
      'licence_number',
    ]);
  });

  it('compares numbers as their digits', () => {
    const count = field({ id: 10, name: 'children', label: 'Children', type: 'number' });
    const ages = field({ id: 11, name: 'ages', label: 'Ages', dependent_field: 10, dependent_value: '2' });
    expect(names(visibleFields([count, ages], { children: 2 }))).toEqual(['children', 'ages']);
    expect(names(visibleFields([count, ages], { children: '2' }))).toEqual(['children', 'ages']);
  });

  it('hides a field whose parent is hidden, even if the parent still holds the value', () => {
    const fields = [driver, licence, points];
    expect(names(visibleFields(fields, { has_licence: 'yes', licence_number: 'X' }))).toEqual([
      'has_licence',
      'licence_number',
      'points',
    ]);
    expect(names(visibleFields(fields, { has_licence: 'no', licence_number: 'X' }))).toEqual(['has_licence']);
  });

  it('hides a field that depends on a field that does not exist or on itself', () => {
    const orphan = field({ id: 20, name: 'orphan', label: 'Orphan', dependent_field: 999, dependent_value: 'x' });
    const loop = field({ id: 21, name: 'loop', label: 'Loop', dependent_field: 21, dependent_value: '' });
    expect(names(visibleFields([orphan, loop], { loop: '' }))).toEqual([]);
  });
});
