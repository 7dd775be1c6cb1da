import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { translate } from '@web/i18n/i18n';
import { dateErrorText } from './date-error-text';
// Registers the fields' English, which translate draws.
import './i18n';
import { dateLimit } from './date-limit';

const today = dayjs('2026-05-14');

describe('dateLimit', () => {
  it("reads 'today' and YYYY-MM-DD, and nothing else", () => {
    expect(dateLimit('today', today)?.format('YYYY-MM-DD')).toBe('2026-05-14');
    expect(dateLimit('2008-05-14', today)?.format('YYYY-MM-DD')).toBe('2008-05-14');
    expect(dateLimit(null, today)).toBeUndefined();
    expect(dateLimit('14/05/2008', today)).toBeUndefined();
  });
});

describe('dateErrorText', () => {
  it('explains each refusal of the picker', () => {
    const limits = { minDate: dayjs('2026-06-01'), maxDate: dayjs('2008-05-14'), today };
    expect(dateErrorText(null, limits, translate)).toBeNull();
    expect(dateErrorText('invalidDate', limits, translate)).toBe('Enter a date as DD/MM/YYYY');
    expect(dateErrorText('maxDate', limits, translate)).toBe('Enter a date on or before 14/05/2008');
    expect(dateErrorText('minDate', limits, translate)).toBe('Enter a date on or after 01/06/2026');
    expect(dateErrorText('maxDate', { maxDate: today, today }, translate)).toBe('The date cannot be in the future');
    expect(dateErrorText('shouldDisableDate', limits, translate)).toBe('This date cannot be chosen');
  });
});
