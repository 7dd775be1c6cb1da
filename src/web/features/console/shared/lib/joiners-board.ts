import type { Joiner } from '@shared/api/console/joiners.js';
import type { OnboardingStage } from '@shared/api/console/shared.js';

/** A stage the joiners board shows, in the order a joiner goes through them (docs/product.md#joiners). */
export type BoardStage = Exclude<OnboardingStage, 'none'>;

/** The board's columns: the heading of each stage, and whether its joiners still have a link to act on. */
export const BOARD_STAGES: ReadonlyArray<{ stage: BoardStage; heading: string; active: boolean }> = [
  { stage: 'details', heading: 'Filling in details', active: true },
  { stage: 'contract', heading: 'Signing the contract', active: true },
  { stage: 'password', heading: 'Setting a password', active: true },
  { stage: 'complete', heading: 'Complete', active: false },
  { stage: 'expired', heading: 'Link expired or revoked', active: false },
];

/**
 * The joiners by stage. Those still on their way are listed longest-waiting first, the ones to chase;
 * the finished and the expired as the server orders them, the latest first.
 */
export function joinersByStage(joiners: readonly Joiner[]): Record<BoardStage, Joiner[]> {
  const board: Record<BoardStage, Joiner[]> = { details: [], contract: [], password: [], complete: [], expired: [] };
  for (const joiner of joiners) {
    if (joiner.stage !== 'none') board[joiner.stage].push(joiner);
  }
  for (const { stage, active } of BOARD_STAGES) {
    if (active) board[stage].sort((a, b) => b.waiting_days - a.waiting_days);
  }
  return board;
}

/** '1 day', '3 days'. */
export function daysText(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

/**
 * How long a joiner has been where they are, as the board says it: 'Waiting 3 days' on a step,
 * 'Finished 2 days ago' once complete, 'Link ended 5 days ago' for an expired or revoked link;
 * 'today' for less than a day.
 */
export function waitingText(joiner: Pick<Joiner, 'stage' | 'waiting_days'>): string {
  const days = joiner.waiting_days;
  if (joiner.stage === 'complete') return days === 0 ? 'Finished today' : `Finished ${daysText(days)} ago`;
  if (joiner.stage === 'expired') return days === 0 ? 'Link ended today' : `Link ended ${daysText(days)} ago`;
  return days === 0 ? 'Waiting since today' : `Waiting ${daysText(days)}`;
}
