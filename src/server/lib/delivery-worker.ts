/**
 * Runs the delivery queue's worker round (lib/delivery-queue.ts) soon after start, to send what a
 * restart left, then every DELIVERY_ROUND_MS on every instance: each round claims rows with
 * `FOR UPDATE SKIP LOCKED`, so instances share the work and never send one message twice at once.
 * `stop()` starts no new round and ends the current one between messages, resolving once it has.
 */
import type { DeliveryQueue } from './delivery-queue.js';

export const DELIVERY_ROUND_MS = 10_000;
const FIRST_ROUND_MS = 2_000;

export function scheduleDeliveries(opts: {
  deliveries: DeliveryQueue;
  log: { info(details: object, message: string): void; warn(details: object, message: string): void };
}): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout;
  const stopping = new AbortController();
  let current: Promise<void> | undefined;
  const round = () => {
    current = opts.deliveries
      .deliverDue({ signal: stopping.signal })
      .then(
        (tally) => {
          if (tally.sent || tally.retrying || tally.gaveUp) opts.log.info(tally, 'delivery round');
        },
        (err: unknown) => opts.log.warn({ err }, 'the delivery round failed; the next one tries again'),
      )
      .finally(() => {
        current = undefined;
        // The next round starts after this one ends, so a slow mail server never stacks rounds.
        if (!stopping.signal.aborted) timer = setTimeout(round, DELIVERY_ROUND_MS).unref();
      });
  };
  timer = setTimeout(round, FIRST_ROUND_MS).unref();
  return {
    stop: async () => {
      stopping.abort();
      clearTimeout(timer);
      await current;
    },
  };
}
