/**
 * A stop that keeps its promise (docs/operations.md#stopping), on SIGTERM or SIGINT:
 * 1. readiness answers 503 at once, and every answer from then on carries `Connection: close`, so
 *    keep-alive clients (a balancer's pooled connections too) reconnect to another instance;
 * 2. the background jobs are told to stop between items, and the listener keeps serving for
 *    `drainMs` (SHUTDOWN_DRAIN_S) while balancers notice the failing readiness;
 * 3. the listener closes: idle connections are closed, requests in flight finish, then the app
 *    closes its database and the process ends with status 0;
 * 4. whatever is still open `graceMs` (SHUTDOWN_GRACE_S) after the signal is cut, and the process
 *    ends with status 1: orchestrators kill a process that overstays their own grace period.
 * Node's server.close() leaves a keep-alive connection open after its last answer until the
 * keep-alive timeout (72 s in Fastify), which is how a client with an idle connection held a stop
 * for minutes. A second signal changes nothing: the deadline already bounds the stop.
 */
import type { FastifyInstance } from 'fastify';

export interface GracefulStopOptions {
  app: FastifyInstance;
  drainMs: number;
  graceMs: number;
  /** Stops the background jobs between items; resolves once they have. */
  stopJobs: () => Promise<unknown>;
  /** What closes before the app (the admin control channel). */
  beforeClose?: () => Promise<unknown>;
  /** Ends the process (process.exit, which flushes the log). */
  exit: (code: number) => void;
}

/**
 * Prepares `app` for a graceful stop and stops it on SIGTERM or SIGINT. Call before `listen`: the
 * hook that closes connections during the stop must be in place before the app is ready.
 */
export function stopGracefullyOnSignals(opts: GracefulStopOptions): void {
  const { app } = opts;
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (app.readiness.stopping) reply.header('connection', 'close');
    done(null, payload);
  });
  const stop = async (signal: NodeJS.Signals) => {
    if (app.readiness.stopping) {
      // A terminal's Ctrl-C reaches npm or tsx and this process alike, and they pass it on again.
      app.log.info({ signal }, 'asked again to stop: already stopping, within SHUTDOWN_GRACE_S');
      return;
    }
    app.readiness.stop();
    app.log.info({ signal, drainMs: opts.drainMs, graceMs: opts.graceMs }, 'stopping: not ready from now on');
    setTimeout(() => {
      app.log.error(
        { graceMs: opts.graceMs },
        'stopping took longer than SHUTDOWN_GRACE_S allows: closing every connection and ending now',
      );
      app.server.closeAllConnections();
      opts.exit(1);
    }, opts.graceMs);
    try {
      const jobs = opts.stopJobs();
      await new Promise((resolve) => setTimeout(resolve, opts.drainMs));
      app.log.info('drained: closing the listener; requests in flight finish');
      await jobs;
      await opts.beforeClose?.();
      await app.close();
      app.log.info('stopped');
      opts.exit(0);
    } catch (err) {
      app.log.error({ err }, 'the stop failed');
      opts.exit(1);
    }
  };
  process.on('SIGINT', (signal) => void stop(signal));
  process.on('SIGTERM', (signal) => void stop(signal));
}
