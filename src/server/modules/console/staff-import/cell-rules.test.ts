import { describe, expect, it } from 'vitest';
import { importDateOf, niNumberOf } from './cell-rules.js';

describe('National Insurance numbers (HMRC NIM39110)', () => {
  it('takes a well-formed number, spaced or not, in either case', () => {
    expect(niNumberOf('JR 12 34 56 C')).toBe('JR123456C');
    // HMRC's own example number: Q is never a first letter.
    expect(niNumberOf('QQ123456C')).toBeNull();
    expect(niNumberOf('ab123456d')).toBe('AB123456D');
  });
  it.each([
    ['DA123456A', 'first letter D'],
    ['AO123456A', 'second letter O'],
    ['AB123456E', 'suffix past D'],
    ['AB12345C', 'five digits'],
    ['GB123456A', 'prefix GB'],
    ['TN123456A', 'temporary prefix TN'],
    ['ZZ123456A', 'prefix ZZ'],
    ['NK123456A', 'prefix NK'],
    ['AB123456', 'no suffix'],
  ])('refuses %s (%s)', (typed) => expect(niNumberOf(typed)).toBeNull());
});

describe('import dates', () => {
  it('reads both UK forms', () => {
    expect(importDateOf('2024-06-05')).toEqual({ date: '2024-06-05' });
    expect(importDateOf('05/06/2024')).toEqual({ date: '2024-06-05' });
    expect(importDateOf('5/6/2024')).toEqual({ date: '2024-06-05' });
  });
  it.each(['45123', '31/04/2025', '04/25/2025', '2025-02-29', '05/06/24', 'June 5th', '1899-12-31'])(
    'refuses %s with a reason',
    (typed) => expect(importDateOf(typed)).toHaveProperty('error'),
  );
});
