/**
 * The per-account lock-out of the embedded provider's password form, across addresses (OWASP ASVS
 * 5.0 §6.3.1; the pattern GOV.UK One Login follows): ACCOUNT_LOCK_FAILURES wrong passwords for one
 * email address within ACCOUNT_LOCK_MINUTES lock it for ACCOUNT_LOCK_MINUTES from the last of them,
 * whichever addresses they came from, and the account's owner is emailed once when it locks.
 *
 * Failures are counted by the email address typed, whether or not a member has it, and a locked
 * address is answered the same way either way: the answers never tell which addresses exist. The
 * counters live in the shared rate-limit store (lib/rate-limits.ts), so every instance sees them.
 */
import type { Database } from '@server/db/client.js';
import { serverTranslator } from '@server/i18n/messages.js';
import type { DeliveryQueue } from '@server/lib/delivery-queue.js';
import { maskEmail } from '@server/lib/mailer.js';
import { createLimiter } from '@server/lib/rate-limits.js';

export const ACCOUNT_LOCK_FAILURES = 10;
export const ACCOUNT_LOCK_MINUTES = 15;

/** Shown on the sign-in form while an address is locked (status 429), in the device's language. */
export const accountLockedMessage = (language: string | null = null): string =>
  serverTranslator(language)('signIn.locked', { minutes: ACCOUNT_LOCK_MINUTES });

/** The member an address belongs to, as the lock notice needs them. */
export interface LockedMember {
  id: string;
  forename: string;
  /** Their language (`staff.language`), which the notice is written in; English when null. */
  language: string | null;
}

export interface AccountLock {
  /**
   * Counts an attempt for `email` (lower-case) before its password is checked, atomically, so parallel
   * attempts cannot all pass a check made before any of them is counted. @returns `locked` when the
   * address is locked (the password must not be checked), else the attempt's number in the window.
   */
  countAttempt(email: string): Promise<{ locked: true } | { locked: false; attempt: number }>;
  /**
   * The attempt numbered `attempt` had a wrong password: when it is the ACCOUNT_LOCK_FAILURES-th, locks
   * the address for ACCOUNT_LOCK_MINUTES and, without waiting, emails `member` (the account with that
   * address, if any). @returns true when this failure locked it.
   */
  recordFailure(email: string, attempt: number, member: LockedMember | undefined): Promise<boolean>;
  /** A right password clears the count. */
  recordSuccess(email: string): Promise<void>;
}

export function createAccountLock(opts: {
  database: Pick<Database, 'db' | 'kind'>;
  deliveries: DeliveryQueue;
  log: { warn(details: object, message: string): void };
}): AccountLock {
  const seconds = ACCOUNT_LOCK_MINUTES * 60;
  const attempts = createLimiter(opts.database, {
    name: 'account-password-attempts',
    points: ACCOUNT_LOCK_FAILURES,
    durationSeconds: seconds,
  });
  // The lock itself lives in the rate-limit store, so the notice has no transaction to join: it is
  // queued on its own, and the queue's worker retries it if this first try fails.
  const notify = async (email: string, member: LockedMember) => {
    const t = serverTranslator(member.language);
    const id = await opts.deliveries.enqueue(opts.database.db, {
      purpose: 'sign-in-paused',
      staffId: member.id,
      mail: {
        to: email,
        subject: t('accountLock.subject'),
        text: [
          t('mail.hi', { name: member.forename }),
          '',
          t('accountLock.text', { failures: ACCOUNT_LOCK_FAILURES, minutes: ACCOUNT_LOCK_MINUTES }),
        ].join('\n'),
      },
    });
    await opts.deliveries.deliver(id);
  };
  return {
    async countAttempt(email) {
      const { consumedPoints } = await attempts.penalty(email, 1);
      return consumedPoints > ACCOUNT_LOCK_FAILURES ? { locked: true } : { locked: false, attempt: consumedPoints };
    },
    async recordFailure(email, attempt, member) {
      if (attempt !== ACCOUNT_LOCK_FAILURES) return false;
      // The lock runs its full time from the failure that caused it.
      await attempts.block(email, seconds);
      // Not awaited: a slower answer would tell that the address belongs to someone.
      if (member)
        notify(email, member).catch((err: unknown) =>
          opts.log.warn({ to: maskEmail(email), err }, 'could not queue the sign-in paused notice'),
        );
      return true;
    },
    async recordSuccess(email) {
      await attempts.delete(email);
    },
  };
}
