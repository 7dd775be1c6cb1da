/**
 * Runs the reminder sweep (service.ts) two minutes after start and then every REMINDER_INTERVAL_MS, on
 * every instance: the `reminders_sent` key, not a lock, keeps each reminder to one sending.
 * `stop()` starts no new sweep and ends the current one between reminders, resolving once it has.
 */
import type { Services } from '@server/services.js';
import { runReminderSweep } from './service.js';

export const REMINDER_INTERVAL_MS = 15 * 60_000;
const FIRST_ROUND_MS = 2 * 60_000;

export function scheduleReminders(opts: {
  services: Services;
  log: { info(details: object, message: string): void; warn(details: object, message: string): void };
}): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout;
  const stopping = new AbortController();
  let current: Promise<void> | undefined;
  const round = () => {
    current = runReminderSweep({ services: opts.services, signal: stopping.signal })
      .then(
        (result) => {
          if (Object.values(result).some(Boolean)) opts.log.info(result, 'reminders queued');
        },
        (err: unknown) => opts.log.warn({ err }, 'the reminder sweep failed; the next one tries again'),
      )
      .finally(() => (current = undefined));
    if (!stopping.signal.aborted) timer = setTimeout(round, REMINDER_INTERVAL_MS).unref();
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
