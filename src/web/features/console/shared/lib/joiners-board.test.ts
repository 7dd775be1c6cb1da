import { describe, expect, it } from 'vitest';
import type { Joiner } from '@shared/api/console/joiners.js';
import { joinersByStage, waitingText } from './joiners-board';

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
    const board = joinersByStage([
      joiner('a', 'details', 1),
      joiner('b', 'details', 6),
      joiner('c', 'complete', 0),
      joiner('d', 'complete', 3),
      joiner('e', 'expired', 2),
      joiner('f', 'none', 0),
    ]);
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
