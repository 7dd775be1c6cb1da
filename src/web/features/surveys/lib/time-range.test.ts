import { describe, expect, it } from 'vitest';
import { applyTimeRangeRule, isSurveyTime, TIME_RANGE_MINUTES_STEP } from './time-range';

describe('applyTimeRangeRule (docs/product.md#surveys)', () => {
  it('resets from to the until value when from is later than until', () => {
    expect(applyTimeRangeRule({ from: '20:00', until: '14:00' })).toEqual({ from: '14:00', until: '14:00' });
    expect(applyTimeRangeRule({ from: '09:05', until: '09:00' })).toEqual({ from: '09:00', until: '09:00' });
  });

  it('leaves a range in order, an equal one, or one with an empty end alone', () => {
    expect(applyTimeRangeRule({ from: '09:00', until: '17:00' })).toEqual({ from: '09:00', until: '17:00' });
    expect(applyTimeRangeRule({ from: '12:00', until: '12:00' })).toEqual({ from: '12:00', until: '12:00' });
    expect(applyTimeRangeRule({ from: '23:00', until: null })).toEqual({ from: '23:00', until: null });
    expect(applyTimeRangeRule({ from: null, until: '01:00' })).toEqual({ from: null, until: '01:00' });
  });

  it('steps 60 minutes and takes hours 0 to 23 (docs/product.md#surveys)', () => {
    expect(TIME_RANGE_MINUTES_STEP).toBe(60);
    expect(isSurveyTime('00:00')).toBe(true);
    expect(isSurveyTime('23:00')).toBe(true);
    expect(isSurveyTime('24:00')).toBe(false);
    expect(isSurveyTime('9:00')).toBe(false);
  });
});
