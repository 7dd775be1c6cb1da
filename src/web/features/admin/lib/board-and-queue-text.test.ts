import { describe, expect, it } from 'vitest';
import type { Joiner } from '@shared/api/admin.js';
import { joinersByStage, waitingText } from './joiners-board';
import { motText, sinceText } from './insurance-text';
import dayjs from 'dayjs';

const joiner = (name: string, stage: Joiner['stage'], waiting_days: number): Joiner => ({
  id: name,
  name,
  email_address: `${name}@example.com`,
  venue: null,
  position: null,
  start_date: null,
  stage,
  waiting_days,
  link_expires_at: '2026-12-21T10:00:00.000Z',
});

describe('the joiners board', () => {
  it('groups joiners by stage, those on their way longest-waiting first, the rest as the server sent them', () => {
    const board = joinersByStage([joiner('a', 'details', 1), joiner('b', 'details', 6), joiner('c', 'complete', 0), joiner('d', 'complete', 3), joiner('e', 'expired', 2), joiner('f', 'none', 0)]);
    expect(board.details.map((j) => j.name)).toEqual(['b', 'a']);
    expect(board.complete.map((j) => j.name)).toEqual(['c', 'd']);
    expect(board.expired.map((j) => j.name)).toEqual(['e']);
    expect(board.contract).toEqual([]);
  });

  it('says how long each has waited', () => {
    expect(waitingText({ stage: 'details', waiting_days: 0 })).toBe('Waiting since today');
    expect(waitingText({ stage: 'contract', waiting_days: 1 })).toBe('Waiting 1 day');
    expect(waitingText({ stage: 'password', waiting_days: 4 })).toBe('Waiting 4 days');
    expect(waitingText({ stage: 'complete', waiting_days: 2 })).toBe('Finished 2 days ago');
    expect(waitingText({ stage: 'expired', waiting_days: 0 })).toBe('Link ended today');
  });
});

describe('the insurance queue in words', () => {
  const today = dayjs('2026-03-14T12:00:00');

  it("says a vehicle's MOT", () => {
    expect(motText({ mot_passed: true, mot_expiry: '2026-11-30' }, today)).toBe('Passed · expires 30/11/2026');
    expect(motText({ mot_passed: false, mot_expiry: '2026-02-01' }, today)).toBe('Expired 01/02/2026 · last test failed');
    expect(motText({ mot_passed: null, mot_expiry: '2026-11-30' }, today)).toBe('Expires 30/11/2026');
    expect(motText({ mot_passed: null, mot_expiry: null }, today)).toBeNull();
  });

  it('says how long a document has waited', () => {
    expect(sinceText('2026-03-11T09:00:00', today)).toBe('11/03/2026 (3 days)');
    expect(sinceText('2026-03-14T08:00:00', today)).toBe('14/03/2026 (today)');
    expect(sinceText(null, today)).toBeNull();
  });
});
