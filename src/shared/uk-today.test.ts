// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ukToday } from './uk-today';

describe('ukToday', () => {
  it('is the date in London, BST or GMT', () => {
    expect(ukToday(new Date('2026-07-14T23:30:00Z'))).toBe('2026-07-15');
    expect(ukToday(new Date('2026-01-14T23:30:00Z'))).toBe('2026-01-14');
  });
});
