// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { endOfUkDay, startOfUkDay, todayInUk, ukDateOf, ukDateText, yearsOld } from './uk-days.js';

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
