import { describe, expect, it } from 'vitest';
import type { TfaMethod } from '@shared/api/two-factor.js';
import { translate } from '@web/i18n/i18n';
import '../i18n';
import { methodKind, methodTexts, startLabel, usableMethods } from './method-kind';

const method = (overrides: Partial<TfaMethod> = {}): TfaMethod => ({
  id: '6a0d3f0e-0000-4000-8000-000000000001',
  setup_complete: true,
  deleted: false,
  type: { id: 1, name: 'Email code', description: 'A code by email' },
  ...overrides,
});

describe('two-factor method kinds', () => {
  it('reads type 2 as phone, 3 as authenticator, anything else as email', () => {
    expect(methodKind(method({ type: { id: 2, name: 'SMS', description: '' } }))).toBe('phone');
    expect(methodKind(method({ type: { id: 3, name: 'App', description: '' } }))).toBe('authenticator');
    expect(methodKind(method({ type: { id: 7, name: 'Other', description: '' } }))).toBe('email');
    expect(methodKind(method({ type: undefined }))).toBe('email');
  });

  it('names a method by its type, or by its kind without one', () => {
    const name = (of: Parameters<typeof methodTexts>[0]) => methodTexts(of, translate, true).name;
    expect(name(method())).toBe('Email code');
    expect(name(method({ type: undefined }))).toBe('Email code');
    expect(name(method({ type: { id: 3, name: '', description: '' } }))).toBe('Authenticator app');
  });

  it('keeps only methods set up and not deleted', () => {
    const ok = method();
    const unfinished = method({ id: 'b', setup_complete: false });
    const deleted = method({ id: 'c', deleted: true });
    expect(usableMethods([ok, unfinished, deleted])).toEqual([ok]);
  });

  it('sends codes, but only continues for an authenticator app', () => {
    expect(startLabel('email', translate)).toBe('Send code');
    expect(startLabel('phone', translate)).toBe('Send code');
    expect(startLabel('authenticator', translate)).toBe('Continue');
  });
});
