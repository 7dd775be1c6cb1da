import { describe, expect, it } from 'vitest';
import { formatDisplayDate, formatDisplayDateTime, formatDisplayTime } from './format-date';

describe('formatDisplayDate', () => {
  it('shows a date as DD/MM/YYYY', () => {
    expect(formatDisplayDate('2026-03-09')).toBe('09/03/2026');
    expect(formatDisplayDate('2026-12-25T12:00:00')).toBe('25/12/2026');
  });

  it('gives nothing for text that is not a date', () => {
    expect(formatDisplayDate('soon')).toBe('');
  });
});

describe('formatDisplayDateTime', () => {
  it('shows a date-time as DD/MM/YYYY HH:mm on the 24-hour clock', () => {
    expect(formatDisplayDateTime('2026-03-09T17:05:00')).toBe('09/03/2026 17:05');
    expect(formatDisplayDateTime('2026-12-25T00:00:00')).toBe('25/12/2026 00:00');
  });

  it('gives nothing for text that is not a date', () => {
    expect(formatDisplayDateTime('later')).toBe('');
  });
});

describe('formatDisplayTime', () => {
  it('shows the time of a date-time as HH:mm on the 24-hour clock', () => {
    expect(formatDisplayTime('2026-03-09T17:05:00')).toBe('17:05');
    expect(formatDisplayTime('2026-12-25T00:00:00')).toBe('00:00');
  });

  it('gives nothing for text that is not a date', () => {
    expect(formatDisplayTime('later')).toBe('');
  });
});
