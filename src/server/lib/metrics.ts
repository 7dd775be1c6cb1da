/**
 * The server's Prometheus metrics (docs/operations.md#monitoring), in a registry of their own per app
 * instance, so that two apps in one process (tests, the two-instance set-up) never count into each
 * other's. Names and labels are documented in docs/operations.md; labels only ever carry route
 * patterns, fixed outcome names and status codes, never an address, a token or anything a person typed.
 */
import { and, isNull, sql } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '@server/db/client.js';
import { deliveries } from '@server/db/schema.js';
import type { AuditEntry } from './audit.js';

/** What the rest of the server counts into; undefined where metrics are off. */
export interface AppMetrics {
  registry: Registry;
  /** Seconds from a request's arrival to its answer, by route pattern (`unmatched` for none), method and status. */
  requestDuration: Histogram<'route' | 'method' | 'status_code'>;
  /** Counts a sign-in entry of the audit log (any other entry is ignored). */
  auditEntry(entry: AuditEntry): void;
  /** Counts a try of a message that did not send: `retrying` when a worker round tries again, else `gave_up`. */
  failedDelivery(channel: 'mail' | 'sms', outcome: 'retrying' | 'gave_up'): void;
}

/**
 * Upper bounds of the request-duration buckets, in seconds: most API answers take milliseconds, the
 * slow end (uploads, PDFs, the staff import) takes seconds.
 */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Creates the registry and its metrics. Process metrics and event-loop lag come from prom-client's
 * defaults; the delivery queue and the PostgreSQL pool are read when scraped (one indexed count of the
 * unsent rows: `deliveries_due_idx` covers exactly them). `onScrapeError` hears of a count that failed:
 * the scrape then answers without the queue's figures rather than failing whole.
 */
export function createMetrics(opts: { database: Database; onScrapeError?: (err: unknown) => void }): AppMetrics {
  const { database } = opts;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer, by route pattern, method and status code.',
    labelNames: ['route', 'method', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });

  const signIns = new Counter({
    name: 'staffroom_sign_in_events_total',
    help: 'Sign-in entries of the audit log, by event (the action without "sign-in.") and reason.',
    labelNames: ['event', 'reason'] as const,
    registers: [registry],
  });

  const failedTries = new Counter({
    name: 'staffroom_delivery_failed_tries_total',
    help: 'Tries of a mail or text message that did not send, by channel and whether it will be tried again.',
    labelNames: ['channel', 'outcome'] as const,
    registers: [registry],
  });

  // Both queue gauges come from one query per scrape: the registry collects metrics side by side, so
  // the second to ask shares the query under way.
  let counting: Promise<void> | undefined;
  const countQueue = () =>
    (counting ??= (async () => {
      try {
        const [row] = await database.db
          .select({
            due: sql<number>`count(*) filter (where ${deliveries.nextAttemptAt} <= now())`.mapWith(Number),
            later: sql<number>`count(*) filter (where ${deliveries.nextAttemptAt} > now())`.mapWith(Number),
            waited: sql<number>`coalesce(extract(epoch from now() - min(${deliveries.nextAttemptAt})
              filter (where ${deliveries.nextAttemptAt} <= now())), 0)`.mapWith(Number),
          })
          .from(deliveries)
          .where(and(isNull(deliveries.sentAt), isNull(deliveries.gaveUpAt)));
        queued.set({ state: 'due' }, row?.due ?? 0);
        queued.set({ state: 'scheduled' }, row?.later ?? 0);
        oldestDue.set(row?.waited ?? 0);
      } catch (err) {
        // A stale figure would look like a healthy queue: leave none.
        queued.reset();
        oldestDue.reset();
        opts.onScrapeError?.(err);
      }
    })().finally(() => (counting = undefined)));
  const queued: Gauge<'state'> = new Gauge({
    name: 'staffroom_delivery_queue_messages',
    help: 'Messages waiting in the delivery queue: due now (or being sent), or scheduled for later.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect: countQueue,
  });
  const oldestDue: Gauge = new Gauge({
    name: 'staffroom_delivery_queue_oldest_due_seconds',
    help: 'How long the longest-waiting due message has been due (0 when none is).',
    registers: [registry],
    collect: countQueue,
  });

  // PGlite is one connection inside the process: there is no pool to watch.
  const pool = database.pool;
  if (pool) {
    const connections = new Gauge({
      name: 'staffroom_db_pool_connections',
      help: 'Connections of the PostgreSQL pool: all open ones, and the idle among them.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        connections.set({ state: 'open' }, pool.totalCount);
        connections.set({ state: 'idle' }, pool.idleCount);
      },
    });
    const waiting = new Gauge({
      name: 'staffroom_db_pool_waiting_queries',
      help: 'Queries waiting for a connection of the PostgreSQL pool (every connection is busy).',
      registers: [registry],
      collect() {
        waiting.set(pool.waitingCount);
      },
    });
  }

  return {
    registry,
    requestDuration,
    auditEntry(entry) {
      if (!entry.action.startsWith('sign-in.')) return;
      const reason = (entry.details as { reason?: unknown } | null | undefined)?.reason;
      signIns.inc({ event: entry.action.slice('sign-in.'.length), reason: typeof reason === 'string' ? reason : '' });
    },
    failedDelivery(channel, outcome) {
      failedTries.inc({ channel, outcome });
    },
  };
}
