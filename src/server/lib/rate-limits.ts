/**
 * Where rate-limit counters live (docs/architecture.md#identity): on PostgreSQL, in its
 * `rate_limits` table through rate-limiter-flexible's Drizzle store, so every instance behind a load
 * balancer draws on the same budget (two instances do not double it); on the embedded PGlite default,
 * which only one process can open, in memory.
 *
 * `sharedRateLimitStore` plugs that store under @fastify/rate-limit, so routes keep declaring their
 * limits the usual way; `createLimiter` gives a limiter of its own (the account lock-out).
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt } from 'drizzle-orm';
import { RateLimiterDrizzle, RateLimiterMemory, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Database } from '@server/db/client.js';
import { rateLimits } from '@server/db/schema.js';
import { sha256Hex } from '@server/lib/tokens.js';

declare module '@fastify/rate-limit' {
  interface CreateRateLimitOptions {
    /** Names the counters of a `createRateLimit` in the shared store (@fastify/rate-limit passes it on). */
    groupId?: string;
  }
}

/** Milliseconds between sweeps of expired counters; a counter is kept an hour past its expiry. */
const SWEEP_INTERVAL_MS = 5 * 60_000;
const KEEP_EXPIRED_MS = 60 * 60_000;

export interface LimiterOptions {
  /** Names the limit; counters of different limits never mix. */
  name: string;
  /** Points a key may use within `durationSeconds`. */
  points: number;
  durationSeconds: number;
}

/** A limiter on the database's shared store (PostgreSQL) or in memory (PGlite). */
export function createLimiter(database: Pick<Database, 'db' | 'kind'>, opts: LimiterOptions): RateLimiterAbstract {
  const common = { keyPrefix: opts.name, points: opts.points, duration: opts.durationSeconds };
  if (database.kind === 'pglite') return new RateLimiterMemory(common);
  // Expired rows are removed by sweepRateLimits, once for all limits, not by a timer per limiter.
  return new RateLimiterDrizzle({
    ...common,
    storeClient: database.db,
    schema: rateLimits,
    clearExpiredByTimeout: false,
  });
}

/**
 * What @fastify/rate-limit passes to `child`: its merged options for the limit (its type declares the
 * route's options, which is not what it sends).
 */
interface LimitParams {
  timeWindow: number;
  groupId?: string;
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * The `store` option of @fastify/rate-limit: each route's limit (or each `createRateLimit` with its
 * `groupId`) becomes a limiter of `createLimiter` named after it; @fastify/rate-limit still decides
 * when the count is over `max` and answers the 429 with its headers.
 * @throws Error at start-up for a `createRateLimit` without a `groupId` (it would share a name).
 */
export function sharedRateLimitStore(database: Pick<Database, 'db' | 'kind'>): FastifyRateLimitStoreCtor {
  class SharedStore implements FastifyRateLimitStore {
    /** Unset on the root store @fastify/rate-limit builds (with its global options); set on each child. */
    private limiter?: RateLimiterAbstract;

    incr(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1]): void {
      if (!this.limiter) {
        callback(new Error('a rate limit was used without its own options'));
        return;
      }
      // Keys hold what requests sent (an email address typed into a form): hashed to a fixed length.
      this.limiter.penalty(sha256Hex(key), 1).then(
        (res) => callback(null, { current: res.consumedPoints, ttl: Math.max(res.msBeforeNext, 0) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const { routeInfo, groupId, timeWindow } = routeOptions as unknown as LimitParams;
      const name = groupId ?? (routeInfo?.url ? `${[routeInfo.method].flat().join(',')} ${routeInfo.url}` : undefined);
      if (!name) throw new Error('a rate limit made with createRateLimit needs a groupId to name its shared counters');
      // The window is whole seconds in the store; every window used here is a whole number of them.
      const durationSeconds = Math.ceil(timeWindow / 1000);
      const store = new SharedStore();
      store.limiter = createLimiter(database, { name, points: Number.MAX_SAFE_INTEGER, durationSeconds });
      return store;
    }
  }
  return SharedStore;
}

/**
 * Deletes the shared counters that expired over an hour ago, every SWEEP_INTERVAL_MS until `stop`.
 * Safe with many instances: a delete by expiry is the same whoever runs it. Nothing to do in memory.
 */
export function sweepRateLimits(
  database: Pick<Database, 'db' | 'kind'>,
  onError: (error: unknown) => void,
): { stop(): void } {
  if (database.kind === 'pglite') return { stop() {} };
  const timer = setInterval(() => {
    database.db
      .delete(rateLimits)
      .where(lt(rateLimits.expire, new Date(Date.now() - KEEP_EXPIRED_MS)))
      .catch(onError);
  }, SWEEP_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
