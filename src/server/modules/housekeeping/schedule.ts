/**
 * Runs the clean-up job (service.ts) and then the retention job (retention.ts) a minute after start
 * and then every CLEAN_UP_INTERVAL_MS, on every instance; each job's lock lets one of them work at a
 * time. `stop()` starts no new round and resolves once the current one has ended: the clean-up is one
 * transaction and the bytes of the files it removed, and the retention job stops between batches.
 */
import type { Services } from '@server/services.js';
import { retentionDidWork, runRetention } from './retention.js';
import { runCleanUp } from './service.js';

export const CLEAN_UP_INTERVAL_MS = 60 * 60_000;
const FIRST_ROUND_MS = 60_000;

export function scheduleCleanUp(opts: {
  services: Pick<Services, 'db' | 'storage' | 'config' | 'fieldKeys'>;
  log: { info(details: object, message: string): void; warn(details: object, message: string): void };
}): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout;
  const stopping = new AbortController();
  let current: Promise<void> | undefined;
  const round = () => {
    current = runCleanUp({ services: opts.services })
      .then(
        (result) => {
          if (
            result.ran &&
            (result.files ||
              result.sessions ||
              result.providerRecords ||
              result.deliveries ||
              result.drafts ||
              result.passwordLinks ||
              result.challenges ||
              result.leavingFlags ||
              result.answersSealed)
          )
            opts.log.info(result, 'clean-up round done');
        },
        (err: unknown) => opts.log.warn({ err }, 'the clean-up round failed; the next one tries again'),
      )
      .then(() =>
        stopping.signal.aborted ? undefined : runRetention({ services: opts.services, signal: stopping.signal }),
      )
      .then(
        (result) => {
          if (result?.ran && result.filesLeft)
            opts.log.warn(result, 'the retention round erased files whose bytes the file storage did not delete');
          else if (result && retentionDidWork(result)) opts.log.info(result, 'retention round done');
        },
        (err: unknown) => opts.log.warn({ err }, 'the retention round failed; the next one tries again'),
      )
      .finally(() => (current = undefined));
    if (!stopping.signal.aborted) timer = setTimeout(round, CLEAN_UP_INTERVAL_MS).unref();
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
