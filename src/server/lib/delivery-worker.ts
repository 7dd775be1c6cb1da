/**
 * Runs the delivery queue's worker round (lib/delivery-queue.ts) soon after start, to send what a
 * restart left, then every DELIVERY_ROUND_MS on every instance: each round claims rows with
 * `FOR UPDATE SKIP LOCKED`, so instances share the work and never send one message twice at once.
 */
import type { DeliveryQueue } from './delivery-queue.js';

export const DELIVERY_ROUND_MS = 10_000;
const FIRST_ROUND_MS = 2_000;

export function scheduleDeliveries(opts: {
  deliveries: DeliveryQueue;
  log: { info(details: object, message: string): void; warn(details: object, message: string): void };
}): { stop(): void } {
  let timer: NodeJS.Timeout;
  let stopped = false;
  const round = () => {
    opts.deliveries
      .deliverDue()
      .then(
        (tally) => {
          if (tally.sent || tally.retrying || tally.gaveUp) opts.log.info(tally, 'delivery round');
        },
        (err: unknown) => opts.log.warn({ err }, 'the delivery round failed; the next one tries again'),
      )
      .finally(() => {
        // The next round starts after this one ends, so a slow mail server never stacks rounds.
        if (!stopped) timer = setTimeout(round, DELIVERY_ROUND_MS).unref();
      });
  };
  timer = setTimeout(round, FIRST_ROUND_MS).unref();
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
