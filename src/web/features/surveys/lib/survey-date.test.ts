import { describe, expect, it } from 'vitest';
import { SURVEY_DATE_FORMAT } from '@shared/survey-rules.js';
import { isSurveyDate } from './survey-date';

describe('isSurveyDate (docs/product.md#surveys: DD/MM/YYYY)', () => {
  it('takes real dates written DD/MM/YYYY only', () => {
    expect(SURVEY_DATE_FORMAT).toBe('DD/MM/YYYY');
    expect(isSurveyDate('23/04/2026')).toBe(true);
    expect(isSurveyDate('29/02/2028')).toBe(true);
    expect(isSurveyDate('29/02/2026')).toBe(false);
    expect(isSurveyDate('04/23/2026')).toBe(false);
    expect(isSurveyDate('2026-04-23')).toBe(false);
    expect(isSurveyDate('1/4/2026')).toBe(false);
    expect(isSurveyDate(20260423)).toBe(false);
  });
});
