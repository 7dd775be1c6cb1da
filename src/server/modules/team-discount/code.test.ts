// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { checkDiscountCode, discountCode, discountKey, discountWindow } from './code.js';

const DAY = 24 * 60 * 60 * 1000;
const key = discountKey('test-app-secret-that-is-long-enough-000');
const noon = new Date('2026-11-21T12:00:00Z');

describe('team-discount codes', () => {
  it('stay the same within a window and change in the next', () => {
    const w = discountWindow(noon, DAY);
    expect(w.start.toISOString()).toBe('2026-11-21T00:00:00.000Z');
    expect(w.end.toISOString()).toBe('2026-11-22T00:00:00.000Z');
    const morning = discountCode(key, 1042, discountWindow(new Date('2026-11-21T00:00:01Z'), DAY).index);
    const night = discountCode(key, 1042, discountWindow(new Date('2026-11-21T23:59:59Z'), DAY).index);
    expect(morning).toBe(night);
    expect(morning).toMatch(/^1042-[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(discountCode(key, 1042, w.index + 1)).not.toBe(morning);
  });

  it('checks current codes, recognises the previous window as expired, and refuses the rest', () => {
    const { index } = discountWindow(noon, DAY);
    const code = discountCode(key, 7, index);
    expect(checkDiscountCode(key, code, noon, DAY)).toEqual({ status: 'current', staffNumber: 7 });
    expect(checkDiscountCode(key, ` ${code.toLowerCase()} `, noon, DAY)).toEqual({ status: 'current', staffNumber: 7 });
    expect(checkDiscountCode(key, discountCode(key, 7, index - 1), noon, DAY)).toEqual({
      status: 'expired',
      staffNumber: 7,
    });
    expect(checkDiscountCode(key, discountCode(key, 7, index - 2), noon, DAY)).toEqual({ status: 'not_recognised' });
    // Another member's number with this member's MAC, a forged MAC, another key: all refused.
    expect(checkDiscountCode(key, code.replace(/^7-/, '8-'), noon, DAY)).toEqual({ status: 'not_recognised' });
    expect(checkDiscountCode(key, '7-00000000', noon, DAY)).toEqual({ status: 'not_recognised' });
    expect(checkDiscountCode(discountKey('another-secret-of-enough-length-1234'), code, noon, DAY)).toEqual({
      status: 'not_recognised',
    });
    expect(checkDiscountCode(key, 'nonsense', noon, DAY)).toEqual({ status: 'not_recognised' });
  });

  it('checks a code under either key of an APP_SECRET rotation, and makes new ones under the first', () => {
    const { index } = discountWindow(noon, DAY);
    const old = discountKey('the-secret-before-the-rotation-12345');
    const issued = discountCode(old, 7, index);
    expect(checkDiscountCode([key, old], issued, noon, DAY)).toEqual({ status: 'current', staffNumber: 7 });
    expect(checkDiscountCode([key, old], discountCode(key, 7, index), noon, DAY)).toEqual({
      status: 'current',
      staffNumber: 7,
    });
    expect(checkDiscountCode([key], issued, noon, DAY)).toEqual({ status: 'not_recognised' });
  });
});
