// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  addToUkDate,
  endOfUkDay,
  shiftInUk,
  startOfUkDay,
  taxYearEndOf,
  todayInUk,
  ukDateOf,
  ukDateText,
  yearsOld,
} from './uk-days.js';

describe('UK days', () => {
  it('begin at midnight in London: BST in summer, GMT in winter, either side of the clock changes', () => {
    expect(startOfUkDay('2026-07-02').toISOString()).toBe('2026-07-01T23:00:00.000Z');
    expect(startOfUkDay('2026-01-15').toISOString()).toBe('2026-01-15T00:00:00.000Z');
    // The clocks go forward at 01:00 GMT on 29 March and back at 02:00 BST on 25 October 2026.
    expect(startOfUkDay('2026-03-29').toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(startOfUkDay('2026-03-30').toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(startOfUkDay('2026-10-25').toISOString()).toBe('2026-10-24T23:00:00.000Z');
    expect(startOfUkDay('2026-10-26').toISOString()).toBe('2026-10-26T00:00:00.000Z');
  });

  it('end at the next midnight in London, the 23- and 25-hour days included', () => {
    expect(endOfUkDay('2026-07-03').toISOString()).toBe('2026-07-03T23:00:00.000Z');
    expect(endOfUkDay('2026-01-15').toISOString()).toBe('2026-01-16T00:00:00.000Z');
    expect(endOfUkDay('2026-03-29').toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(endOfUkDay('2026-10-25').toISOString()).toBe('2026-10-26T00:00:00.000Z');
  });

  it('name the date in London, not UTC: 23:30 UTC in summer is already tomorrow', () => {
    expect(ukDateOf(new Date('2026-07-02T23:30:00Z'))).toBe('2026-07-03');
    expect(ukDateOf(new Date('2026-07-02T22:59:59Z'))).toBe('2026-07-02');
    expect(ukDateOf(new Date('2026-01-15T23:30:00Z'))).toBe('2026-01-15');
    expect(ukDateText('2026-07-03')).toBe('03/07/2026');
  });
});

describe('periods counted on the UK calendar', () => {
  it('move by calendar years and days at the same time in London, across the clock changes', () => {
    // Midnight BST on 1 July 2020, two years on: midnight BST again.
    expect(shiftInUk(new Date('2020-06-30T23:00:00Z'), 2, 'year').toISOString()).toBe('2022-06-30T23:00:00.000Z');
    // Midnight GMT on 20 March, 10 days on, is midnight BST on 30 March: 23 hours less in UTC terms.
    expect(shiftInUk(new Date('2026-03-20T00:00:00Z'), 10, 'day').toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(shiftInUk(new Date('2026-03-29T23:00:00Z'), -10, 'day').toISOString()).toBe('2026-03-20T00:00:00.000Z');
    expect(addToUkDate('2024-02-29', 1, 'year')).toBe('2025-02-28');
    expect(addToUkDate('2026-01-01', -1, 'day')).toBe('2025-12-31');
  });

  it('end a tax year on 5 April: that of the date’s year up to it, the next year’s after', () => {
    expect(taxYearEndOf('2020-06-30')).toBe('2021-04-05');
    expect(taxYearEndOf('2021-04-05')).toBe('2021-04-05');
    expect(taxYearEndOf('2021-04-06')).toBe('2022-04-05');
    expect(taxYearEndOf('2021-01-31')).toBe('2021-04-05');
  });
});

describe('today in the UK', () => {
  it('is already tomorrow at 23:30 UTC in summer, and still today at 23:30 UTC in winter', () => {
    expect(todayInUk(new Date('2026-07-14T23:30:00Z'))).toBe('2026-07-15');
    expect(todayInUk(new Date('2026-07-14T22:59:59Z'))).toBe('2026-07-14');
    expect(todayInUk(new Date('2026-01-14T23:30:00Z'))).toBe('2026-01-14');
    // Asked again out of order, it does not answer from the day it saw last.
    expect(todayInUk(new Date('2026-07-14T23:30:00Z'))).toBe('2026-07-15');
    expect(todayInUk(new Date('2026-07-15T22:59:59Z'))).toBe('2026-07-15');
    expect(todayInUk(new Date('2026-07-15T23:00:00Z'))).toBe('2026-07-16');
  });

  it('counts whole years between calendar dates', () => {
    expect(yearsOld('2008-07-15', '2026-07-15')).toBe(18);
    expect(yearsOld('2008-07-16', '2026-07-15')).toBe(17);
    expect(yearsOld(null, '2026-07-15')).toBeNull();
  });
});
