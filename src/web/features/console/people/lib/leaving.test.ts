import { describe, expect, it } from 'vitest';
import { leavingText } from './leaving';

describe('leavingText', () => {
  it('says when someone leaves or left, in UK order, and nothing while they stay', () => {
    expect(leavingText({ leaving_date: '2026-07-03', left: false })).toBe('Leaves 03/07/2026');
    expect(leavingText({ leaving_date: '2026-07-03', left: true })).toBe('Left 03/07/2026');
    expect(leavingText({ leaving_date: null, left: false })).toBeNull();
  });
});
