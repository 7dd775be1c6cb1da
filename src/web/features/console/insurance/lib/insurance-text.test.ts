import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { motText, sinceText } from './insurance-text';

describe('the insurance queue in words', () => {
  const today = dayjs('2026-03-14T12:00:00');

  it("says a vehicle's MOT", () => {
    expect(motText({ mot_passed: true, mot_expiry: '2026-11-30' }, today)).toBe('Passed · expires 30/11/2026');
    expect(motText({ mot_passed: false, mot_expiry: '2026-02-01' }, today)).toBe(
      'Expired 01/02/2026 · last test failed',
    );
    expect(motText({ mot_passed: null, mot_expiry: '2026-11-30' }, today)).toBe('Expires 30/11/2026');
    expect(motText({ mot_passed: null, mot_expiry: null }, today)).toBeNull();
  });

  it('says how long a document has waited', () => {
    expect(sinceText('2026-03-11T09:00:00', today)).toBe('11/03/2026 (3 days)');
    expect(sinceText('2026-03-14T08:00:00', today)).toBe('14/03/2026 (today)');
    expect(sinceText(null, today)).toBeNull();
  });
});
