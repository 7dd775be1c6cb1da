/**
 * The delivery queue (docs/architecture.md#mail-and-text-messages). Mail and text messages are written
 * to the `deliveries` table in the transaction of the change that causes them (`enqueue(tx, …)`): a
 * change is never kept without its message, and a change rolled back sends nothing. Each is tried
 * right after the commit (`deliver(id)`, so the request that caused it can say whether it went) and
 * otherwise by the worker round (`deliverDue`) that every instance runs, which also picks up what a
 * crash or a restart left.
 *
 * - A message is queued leased to its caller's first try; a worker round claims one due row at a time
 *   with `FOR UPDATE SKIP LOCKED` and a lease of LEASE_MS, and records an outcome only while the try
 *   is still its own: two instances never send one message at the same time. A process that dies mid-send leaves the lease to run out and the
 *   message is sent again, so delivery is at least once; every try carries the same id (the mail's
 *   `Message-ID`, the SMS gateway's `Idempotency-Key`), so a receiver can recognise a resend.
 * - A failed try waits 30 s, then twice as long each time up to an hour, for up to MAX_ATTEMPTS tries
 *   (about a day). An answer another try cannot mend (an SMTP 5xx, a 4xx from the SMS gateway) gives
 *   up at once, and so does a message past its `expiresAt` (a two-factor code). A message given up is
 *   logged and audited as `delivery.failed`, so HR can see who was not told.
 * - Bodies hold link tokens and codes: sealed at rest (lib/field-crypto.ts), cleared once sent or given up.
 * - Nothing goes to a leaver (docs/product.md#leavers) but their leaver notice: a message about a member
 *   whose access has ended when its try comes is withheld (given up, audited `delivery.withheld`).
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client.js';
import { deliveries, staff } from '@server/db/schema.js';
import { audit } from './audit.js';
import { LEAVER_NOTICE_PURPOSE, notLeaverSql } from './leavers.js';
import { openField, sealField, type FieldKeyring } from './field-crypto.js';
import { sealContext } from './sealed-columns.js';
import type { Mailer, MailMessage } from './mailer.js';
import type { SmsMessage, SmsSender } from './sms.js';

/** How long a claimed message belongs to the worker that claimed it. Above every transport timeout. */
export const LEASE_MS = 2 * 60_000;
/** Tries before a message is given up: 30 s doubling to hourly, about a day in all. */
export const MAX_ATTEMPTS = 30;
const FIRST_RETRY_MS = 30_000;
const LONGEST_WAIT_MS = 60 * 60_000;

/** The wait after the `attempts`-th failed try: 30 s, 1 min, 2 min … capped at an hour. */
export const retryDelayMs = (attempts: number): number =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_WAIT_MS);

/** A message to queue. `purpose` names it in logs and audit rows (`invitation`, `two-factor-code`…). */
export type QueuedMessage = {
  purpose: string;
  /** Whom it concerns (their audit trail gets `delivery.failed`); the row goes with them. */
  staffId?: string | null;
  /** Not worth sending after this; such a message also gets a single try. */
  expiresAt?: Date;
  /**
   * Not sent before this (the leaver notice, due when access ends; a text message held through the
   * night): queued without a first try, for the worker rounds to send once it is due. The caller then
   * does not call `deliver`.
   */
  notBefore?: Date;
} & ({ mail: MailMessage } | { sms: SmsMessage });

/**
 * A message for `enqueuePaced`: as it is, or with its content made once the time it falls due is known
 * (`compose`), for a message naming a link's expiry that should count from when it goes out.
 */
export type PacedMessage =
  | QueuedMessage
  | (Omit<QueuedMessage, 'mail' | 'sms'> & { compose(dueAt: Date): { mail: MailMessage } | { sms: SmsMessage } });

/** What a try came to; `willRetry` when a worker round will try it again. */
export type DeliveryOutcome = { sent: true } | { sent: false; reason: string; willRetry: boolean };

export interface DeliveryQueue {
  /** Writes the message to the queue in `tx`, the transaction of the change that causes it. @returns its id. */
  enqueue(tx: Pick<Db, 'insert'>, message: QueuedMessage): Promise<string>;
  /**
   * Writes many messages of one `purpose` to the queue in `tx`, spaced so that worker rounds send at
   * most `perMinute` of that purpose a minute, after those of that purpose still waiting: the k-th
   * waiting message is due `floor(k / perMinute)` minutes after `now`; a message with `compose` is made
   * for that time. No first try is made; the
   * rounds send them as they fall due. @returns their ids, in order.
   */
  enqueuePaced(
    tx: Pick<Db, 'insert' | 'select'>,
    messages: PacedMessage[],
    pace: { perMinute: number; now?: Date },
  ): Promise<string[]>;
  /** The first try of a message just queued (after its transaction committed). Never throws. */
  deliver(id: string): Promise<DeliveryOutcome>;
  /**
   * One worker round: every message due, one claim at a time; once `signal` is aborted (the process is
   * stopping) it claims no more, so a message is never left mid-try. @returns how many were sent, will
   * be retried, were given up.
   */
  deliverDue(opts?: { now?: Date; signal?: AbortSignal }): Promise<{ sent: number; retrying: number; gaveUp: number }>;
}

type Row = typeof deliveries.$inferSelect;
type Body = { mail: MailMessage } | { sms: SmsMessage };

const context = sealContext.deliveryBody;
/** Why a message to a leaver was not sent. */
const LEFT = 'they have left';
const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);
/**
 * An answer another try cannot mend: an SMTP 5xx (nodemailer's `responseCode`), or an error its transport
 * marked `permanent`. A refused login (535) is a setting to fix, not a bad message: it is retried.
 */
const isPermanent = (err: unknown): boolean => {
  const e = err as { responseCode?: unknown; permanent?: unknown } | undefined;
  return (
    e?.permanent === true ||
    (typeof e?.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600 && e.responseCode !== 535)
  );
};

export function createDeliveryQueue(opts: {
  db: Db;
  fieldKeys: FieldKeyring;
  mailer: Mailer;
  sms: SmsSender;
  log?: { warn(details: object, message: string): void };
  /** Hears of every try that did not send (metrics): whether a worker round will try it again. */
  onFailedTry?: (channel: 'mail' | 'sms', willRetry: boolean) => void;
}): DeliveryQueue {
  const { db, fieldKeys } = opts;

  /**
   * Claims the next due row for LEASE_MS, skipping rows another worker holds. One row at a time, so
   * every lease starts just before its own send and outlasts it.
   */
  async function claimNext(now: Date): Promise<Row | undefined> {
    const due = db
      .select({ id: deliveries.id })
      .from(deliveries)
      .where(
        and(
          isNull(deliveries.sentAt),
          isNull(deliveries.gaveUpAt),
          lte(deliveries.nextAttemptAt, now),
          or(isNull(deliveries.leaseUntil), lte(deliveries.leaseUntil, now)),
        ),
      )
      .orderBy(deliveries.nextAttemptAt)
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await db
      .update(deliveries)
      .set({ attempts: sql`${deliveries.attempts} + 1`, leaseUntil: new Date(now.getTime() + LEASE_MS) })
      .where(inArray(deliveries.id, due))
      .returning();
    return row;
  }

  /** Records an outcome only while the try is still this worker's (no one re-claimed the row since). */
  const stillOurs = (row: Row) =>
    and(
      eq(deliveries.id, row.id),
      eq(deliveries.attempts, row.attempts),
      isNull(deliveries.sentAt),
      isNull(deliveries.gaveUpAt),
    );

  async function giveUp(row: Row, reason: string): Promise<void> {
    const [given] = await db
      .update(deliveries)
      .set({ gaveUpAt: new Date(), body: null, leaseUntil: null, lastError: reason })
      .where(stillOurs(row))
      .returning({ id: deliveries.id });
    if (!given) return;
    await audit(db, {
      staffId: row.staffId,
      actor: 'system',
      action: 'delivery.failed',
      details: { delivery_id: row.id, channel: row.channel, purpose: row.purpose, attempts: row.attempts, reason },
    });
    opts.log?.warn(
      { deliveryId: row.id, channel: row.channel, purpose: row.purpose, attempts: row.attempts, reason },
      'a message could not be delivered and was given up',
    );
  }

  /** True when the member `staffId` has left at `now` (lib/leavers.ts). */
  async function hasLeft(staffId: string, now: Date): Promise<boolean> {
    const [stays] = await db
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.id, staffId), notLeaverSql(now)))
      .limit(1);
    return !stays;
  }

  /** Closes a message to a leaver unsent: nothing but their leaver notice reaches them (docs/product.md#leavers). */
  async function withhold(row: Row): Promise<void> {
    const [held] = await db
      .update(deliveries)
      .set({ gaveUpAt: new Date(), body: null, leaseUntil: null, lastError: LEFT })
      .where(stillOurs(row))
      .returning({ id: deliveries.id });
    if (!held) return;
    await audit(db, {
      staffId: row.staffId,
      actor: 'system',
      action: 'delivery.withheld',
      details: { delivery_id: row.id, channel: row.channel, purpose: row.purpose, reason: 'left' },
    });
  }

  /**
   * Sends one row this worker holds and records the outcome; `clock` is read at each step, so the
   * expiry check and the back-off start from the moment they happen.
   * @throws only when the database fails before the send (the lease then runs out and another try follows).
   */
  async function attempt(row: Row, clock: () => Date): Promise<DeliveryOutcome> {
    if (row.expiresAt && row.expiresAt <= clock()) {
      opts.onFailedTry?.(row.channel, false);
      await giveUp(row, 'it expired before it could be sent');
      return { sent: false, reason: 'it expired before it could be sent', willRetry: false };
    }
    if (row.staffId && row.purpose !== LEAVER_NOTICE_PURPOSE && (await hasLeft(row.staffId, clock()))) {
      await withhold(row);
      return { sent: false, reason: LEFT, willRetry: false };
    }
    try {
      if (row.body === null) throw Object.assign(new Error('the message has no body'), { permanent: true });
      const body = JSON.parse(openField(fieldKeys, row.body, context(row.id))) as Body;
      const delivery = { id: row.id, createdAt: row.createdAt };
      if ('mail' in body) await opts.mailer.send(body.mail, delivery);
      else await opts.sms.send(body.sms, delivery);
    } catch (err) {
      const reason = reasonOf(err);
      const willRetry = !isPermanent(err) && row.attempts < row.maxAttempts;
      opts.onFailedTry?.(row.channel, willRetry);
      if (!willRetry) {
        await giveUp(row, reason);
        return { sent: false, reason, willRetry: false };
      }
      await db
        .update(deliveries)
        .set({
          nextAttemptAt: new Date(clock().getTime() + retryDelayMs(row.attempts)),
          leaseUntil: null,
          lastError: reason,
        })
        .where(stillOurs(row));
      return { sent: false, reason, willRetry: true };
    }
    try {
      await db
        .update(deliveries)
        .set({ sentAt: new Date(), body: null, leaseUntil: null, lastError: null })
        .where(stillOurs(row));
    } catch (err) {
      // Sent, but not recorded: the lease runs out and it is sent again with the same Message-ID.
      opts.log?.warn(
        { deliveryId: row.id, err: reasonOf(err) },
        'a message was sent but could not be recorded as sent',
      );
    }
    return { sent: true };
  }

  return {
    async enqueue(tx, message) {
      const id = randomUUID();
      const body: Body = 'mail' in message ? { mail: message.mail } : { sms: message.sms };
      // The app's clock, as every claim compares with (the database's `now()` can be a few µs ahead).
      const now = new Date();
      const later = message.notBefore && message.notBefore > now ? message.notBefore : undefined;
      await tx.insert(deliveries).values({
        id,
        channel: 'mail' in message ? 'mail' : 'sms',
        purpose: message.purpose,
        staffId: message.staffId ?? null,
        body: sealField(fieldKeys, JSON.stringify(body), context(id)),
        // Leased to the caller's first try (`deliver`), so no worker round can take it in between; after
        // a crash before that try, the lease runs out and a round sends it.
        // One due later has no first try: the worker rounds send it once it is due.
        attempts: later ? 0 : 1,
        leaseUntil: later ? null : new Date(now.getTime() + LEASE_MS),
        maxAttempts: message.expiresAt ? 1 : MAX_ATTEMPTS,
        nextAttemptAt: later ?? now,
        expiresAt: message.expiresAt ?? null,
      });
      return id;
    },

    async enqueuePaced(tx, messages, pace) {
      if (messages.length === 0) return [];
      const now = pace.now ?? new Date();
      const purposes = [...new Set(messages.map((m) => m.purpose))];
      const [waiting] = await tx
        .select({ n: count() })
        .from(deliveries)
        .where(and(inArray(deliveries.purpose, purposes), isNull(deliveries.sentAt), isNull(deliveries.gaveUpAt)));
      const ahead = waiting?.n ?? 0;
      const rows = messages.map((message, k) => {
        const id = randomUUID();
        const dueAt = new Date(now.getTime() + Math.floor((ahead + k) / pace.perMinute) * 60_000);
        const body: Body =
          'compose' in message
            ? message.compose(dueAt)
            : 'mail' in message
              ? { mail: message.mail }
              : { sms: message.sms };
        return {
          id,
          channel: ('mail' in body ? 'mail' : 'sms') as 'mail' | 'sms',
          purpose: message.purpose,
          staffId: message.staffId ?? null,
          body: sealField(fieldKeys, JSON.stringify(body), context(id)),
          // Not leased: no caller makes a first try, a worker round claims it once due.
          attempts: 0,
          leaseUntil: null,
          maxAttempts: message.expiresAt ? 1 : MAX_ATTEMPTS,
          nextAttemptAt: dueAt,
          expiresAt: message.expiresAt ?? null,
        };
      });
      // Batches keep each statement's parameters well under PostgreSQL's 65,535.
      for (let i = 0; i < rows.length; i += 500) await tx.insert(deliveries).values(rows.slice(i, i + 500));
      return rows.map((row) => row.id);
    },

    async deliver(id) {
      try {
        // The first try of a message `enqueue` leased to its caller.
        const [row] = await db
          .select()
          .from(deliveries)
          .where(
            and(
              eq(deliveries.id, id),
              eq(deliveries.attempts, 1),
              isNull(deliveries.sentAt),
              isNull(deliveries.gaveUpAt),
            ),
          )
          .limit(1);
        if (!row) return { sent: false, reason: 'it is no longer waiting for its first try', willRetry: false };
        return await attempt(row, () => new Date());
      } catch (err) {
        // The change that caused the message has committed: never fail its request for this.
        opts.log?.warn(
          { deliveryId: id, err: reasonOf(err) },
          'the first try of a message failed in the database; a worker round tries again',
        );
        return { sent: false, reason: 'the delivery queue could not be reached', willRetry: true };
      }
    },

    async deliverDue(round = {}) {
      // A round may be run "as at" another time (tests, maintenance); the offset keeps the clock moving.
      const offset = round.now ? round.now.getTime() - Date.now() : 0;
      const clock = () => new Date(Date.now() + offset);
      const tally = { sent: 0, retrying: 0, gaveUp: 0 };
      while (!round.signal?.aborted) {
        const row = await claimNext(clock());
        if (!row) break;
        const outcome = await attempt(row, clock);
        if (outcome.sent) tally.sent += 1;
        else if (outcome.willRetry) tally.retrying += 1;
        else tally.gaveUp += 1;
      }
      return tally;
    },
  };
}

/** Why a message did not go on its first try, and whether the queue keeps trying it. */
export interface DeliveryProblem {
  reason: string;
  willRetry: boolean;
}

/**
 * Tries a queued message now. @returns undefined once sent, else the problem, for a caller with a link
 * it can hand over instead.
 */
export async function whyNotDelivered(queue: DeliveryQueue, id: string): Promise<DeliveryProblem | undefined> {
  const outcome = await queue.deliver(id);
  return outcome.sent ? undefined : { reason: outcome.reason, willRetry: outcome.willRetry };
}
