// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { accessEndedMessage, isLeaver } from './leavers.js';

describe('leavers', () => {
  it('count as gone from the instant access ends, not a millisecond before, and never without an end', () => {
    const end = new Date('2026-07-03T23:00:00Z');
    expect(isLeaver(end, new Date('2026-07-03T22:59:59.999Z'))).toBe(false);
    expect(isLeaver(end, end)).toBe(true);
    expect(isLeaver(end, end.getTime() + 1)).toBe(true);
    expect(isLeaver(null, Date.now())).toBe(false);
  });

  it('are told the last working day in UK order', () => {
    expect(accessEndedMessage('2026-07-03')).toBe(
      'Your access ended on 03/07/2026. Ask your manager if this is wrong.',
    );
  });
});
