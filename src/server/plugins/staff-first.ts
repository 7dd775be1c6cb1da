/**
 * The staff come first (docs/decisions/0074-staff-first.md): while more of the staff's own requests
 * (`/api/staff/...`, their details and discount card, and the till's check of a card) are in flight on this instance than
 * the database pool has connections, so that they already queue for it, a console request
 * (`/api/admin/...`) waits for their number to drop back before it starts, for at most
 * `CONSOLE_YIELD_MAX_MS`. HR's lists and searches cost many times what a member's request does, and on a
 * busy instance their CPU is the staff's: five HR users searching without pause took half the staff's
 * throughput (docs/performance.md#the-console-at-100000-people). The wait is bounded, so the console is
 * slowed during a rush, never stopped, and a quiet instance (in-flight staff requests at or under the
 * pool's size) answers it at once.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The paths of the staff's requests: the self-service API and the till's check of a discount code. */
const STAFF_PATHS = ['/api/staff/', '/api/discount/verify'];

/** The longest a console request waits for the staff's requests, in milliseconds. */
export const CONSOLE_YIELD_MAX_MS = 250;

/** In-flight counting and the console's turn, apart from Fastify so that it can be tested alone. */
export interface StaffFirst {
  /** A staff request started; answers the function that marks it ended (only its first call counts). */
  staffStarted(): () => void;
  /** Resolves once the staff's in-flight requests are at or under the limit, or after `maxWaitMs`. */
  consoleTurn(): Promise<void>;
  /** The staff's requests in flight now. */
  readonly inFlight: number;
}

/**
 * A `StaffFirst` for `limit` staff requests in flight (the console waits while there are more) and a
 * wait of at most `maxWaitMs` milliseconds.
 */
export function createStaffFirst(opts: { limit: number; maxWaitMs: number }): StaffFirst {
  let inFlight = 0;
  const waiting = new Set<() => void>();
  const release = () => {
    if (inFlight > opts.limit) return;
    for (const go of waiting) go();
  };
  return {
    get inFlight() {
      return inFlight;
    },
    staffStarted() {
      inFlight++;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        inFlight--;
        release();
      };
    },
    consoleTurn() {
      if (inFlight <= opts.limit) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const go = () => {
          clearTimeout(timer);
          waiting.delete(go);
          resolve();
        };
        const timer = setTimeout(go, opts.maxWaitMs);
        timer.unref();
        waiting.add(go);
      });
    },
  };
}

async function staffFirstPlugin(app: FastifyInstance, opts: { limit: number; maxWaitMs?: number }): Promise<void> {
  const turns = createStaffFirst({ limit: opts.limit, maxWaitMs: opts.maxWaitMs ?? CONSOLE_YIELD_MAX_MS });
  app.addHook('onRequest', async (request, reply) => {
    if (STAFF_PATHS.some((path) => request.url.startsWith(path))) {
      const ended = turns.staffStarted();
      // 'close' comes once the answer is written or the client went away, whichever ends the request.
      reply.raw.once('close', ended);
    } else if (request.url.startsWith('/api/admin/')) {
      await turns.consoleTurn();
    }
  });
}

export default fp(staffFirstPlugin, { name: 'staff-first' });
