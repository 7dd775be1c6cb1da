/**
 * The per-address budget of failed sign-ins across accounts on the embedded provider's password form
 * (docs/operations.md#sign-in-limits): one address may fail ADDRESS_FAILURES_PER_HOUR sign-ins in an
 * hour, whichever email addresses they named, which slows password spraying (many accounts, one common
 * password each) that the per-account lock (account-lock.ts) cannot see. A venue's staff share one public
 * address, so a right password gives its attempt back: only failures spend the budget, and 60 staff each
 * mistyping once at a shift change use 60 of 100. The counters live in the shared rate-limit store
 * (lib/rate-limits.ts), so every instance draws on the same budget.
 */
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { Database } from '@server/db/client.js';
import { serverTranslator } from '@server/i18n/messages.js';
import { createLimiter } from '@server/lib/rate-limits.js';

export const ADDRESS_FAILURES_PER_HOUR = 100;

/** Shown on the sign-in form (status 429) while an address has no budget left, in the device's `language`. */
export const addressBudgetMessage = (minutes: number, language: string | null = null): string =>
  serverTranslator(language)('signIn.networkBudget', { minutes });

export interface AddressBudget {
  /**
   * Takes one attempt from `ip`'s budget before a password is checked, atomically, so parallel attempts
   * cannot all pass a check made before any of them is counted. @returns the whole minutes until an
   * attempt is possible again when the budget is spent (the password must not be checked), else null.
   */
  take(ip: string): Promise<{ waitMinutes: number } | null>;
  /** A right password gives its attempt back. */
  giveBack(ip: string): Promise<void>;
}

export function createAddressBudget(opts: { database: Pick<Database, 'db' | 'kind'> }): AddressBudget {
  const failures = createLimiter(opts.database, {
    name: 'sign-in-failures-per-address',
    points: ADDRESS_FAILURES_PER_HOUR,
    durationSeconds: 60 * 60,
  });
  return {
    async take(ip) {
      try {
        await failures.consume(ip, 1);
        return null;
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        return { waitMinutes: Math.max(1, Math.ceil(refusal.msBeforeNext / 60_000)) };
      }
    },
    async giveBack(ip) {
      await failures.reward(ip, 1);
    },
  };
}
