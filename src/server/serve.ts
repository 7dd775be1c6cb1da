/**
 * The server's start, loaded by `main.ts`: reads the config, builds the app (which migrates), seeds
 * demo data into a fresh embedded database (or renews the demo's links on a later start), opens the admin control channel, schedules the clean-up
 * job and the delivery worker, listens, then sets up the embedded sign-in provider while nobody
 * waits for it. A start that cannot go on prints why and ends the process with status 1. SIGTERM and
 * SIGINT stop it gracefully (lib/graceful-stop.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { buildApp } from './app.js';
import { runCommand } from '@server/cli/run-command.js';
import { startControlChannel } from '@server/plugins/control-channel.js';
import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { DataDirBusyError } from '@server/db/data-dir-lock.js';
import { DatabaseUnreachableError, waitForDatabase } from '@server/db/wait-for-database.js';
import { stopGracefullyOnSignals } from '@server/lib/graceful-stop.js';
import { FieldKeyMismatchError } from '@server/lib/field-key-check.js';
import { PROVIDER_MOUNT } from '@server/identity/embedded-provider.js';
import { markPhase, takePhases } from '@server/lib/start-up-phases.js';
import { scheduleCleanUp } from '@server/modules/housekeeping/index.js';
import { prepareSeal } from '@server/modules/documents/index.js';
import { scheduleReminders } from '@server/modules/reminders/index.js';
import { scheduleDeliveries } from '@server/lib/delivery-worker.js';
import { demoLinkLines, describeDemo, renewDemoLinks, seedDemo, type DemoLinks } from '@server/modules/demo/index.js';

/**
 * Starts the server. `onStarted` runs once it answers (and, with the embedded provider, once that is
 * set up). Never rejects: a start that fails prints why and ends the process with status 1, without
 * calling `onStarted`.
 */
export async function serve({ onStarted }: { onStarted: () => void }): Promise<void> {
  try {
    await start(onStarted);
  } catch (err) {
    exitOnStartFailure(err);
  }
}

async function start(onStarted: () => void): Promise<void> {
  markPhase('modules');
  const config = loadConfig();
  markPhase('config');
  await beforeBuild(config);
  const app = await buildApp(config);
  const { db, fresh, kind } = app.database;

  let links: DemoLinks | undefined;
  const demo = config.seedDemo === 'auto' && config.env !== 'production';
  if (demo && fresh) {
    links = await seedDemo({ services: app.services, actor: 'system' });
    app.log.info('seeded demo data into the new database');
    markPhase('demo seed');
  }
  const control =
    kind === 'pglite'
      ? await startControlChannel({
          dataDir: config.dataDir,
          log: app.log,
          run: ({ name, options }, output) =>
            runCommand({ services: app.services, database: app.database, name, options, output }),
        })
      : undefined;
  // Every instance schedules it; the job's database lock lets one work at a time.
  const cleanUp = scheduleCleanUp({ services: app.services, log: app.log });
  // Mail and text messages a failed try or a restart left in the queue.
  const deliveryRounds = scheduleDeliveries({ deliveries: app.services.deliveries, log: app.log });
  // Every instance sweeps; each reminder's key in reminders_sent keeps it to one sending.
  const reminders = scheduleReminders({ services: app.services, log: app.log });
  stopGracefullyOnSignals({
    app,
    ...config.shutdown,
    stopJobs: () => Promise.all([cleanUp.stop(), deliveryRounds.stop(), reminders.stop()]),
    beforeClose: () => control?.close() ?? Promise.resolve(),
    exit: (code) => process.exit(code),
  });

  await app.listen({ host: config.host, port: config.port });
  markPhase('listen');
  if (config.oidc.mode === 'embedded') {
    // The provider is set up by the first request that needs it (wire-identity.ts): asking for its
    // discovery document now does that after the server answers, and still stops a start whose
    // provider cannot be set up (a bad OIDC_PROVIDER_JWKS, say).
    const discovery = await app.inject({ url: `${PROVIDER_MOUNT}/.well-known/openid-configuration` });
    if (discovery.statusCode !== 200) {
      await control?.close();
      await app.close();
      throw new Error(
        `The embedded sign-in provider could not be set up (HTTP ${discovery.statusCode}); the log above says why.`,
      );
    }
    markPhase('sign-in provider');
  }
  // The seal's key, after listening like the provider: a new database generates its certificate
  // authority and signing certificate now rather than in the first signature, and a PKCS#12 file
  // that does not open stops the start here rather than failing every signature.
  try {
    await prepareSeal({ services: app.services });
  } catch (err) {
    await control?.close();
    await app.close();
    throw err;
  }
  markPhase('document seal');
  // A start of a demo database prints its links again: the ones printed before cannot be read back.
  const signIns = config.env === 'production' ? [] : await describeDemo({ db });
  if (demo && !links && signIns.length) links = await renewDemoLinks({ services: app.services, actor: 'system' });
  onStarted();
  const phases = takePhases();
  app.log.info({ startUp: phases }, `started in ${Math.round(performance.now())} ms`);
  // In production standard output belongs to a log collector, which reads JSON lines: the banner is one.
  if (config.env === 'production') {
    app.log.info({ publicUrl: config.publicUrl }, `Staffroom is running at ${config.publicUrl}`);
    return;
  }
  const lines = [`Staffroom is running at ${config.publicUrl}`, ...signIns];
  const linkLines = links ? demoLinkLines(links) : [];
  if (linkLines.length)
    lines.push(
      '',
      ...linkLines,
      `(Mail goes to ${config.mail.smtpUrl ? 'the SMTP server' : `the outbox folder ${config.dataDir}/outbox`}.)`,
    );
  // What a newcomer needs comes last on the screen: after the start's own log lines, not among them.
  await flushLog(app.log);
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}

/**
 * What a start checks before it builds the app: in production the web build must be there (a
 * server without it answers every page with 503), and PostgreSQL is waited for, up to
 * DATABASE_CONNECT_TIMEOUT_S, each failed try logged in one line.
 * @throws ConfigError, DatabaseUnreachableError
 */
async function beforeBuild(config: AppConfig): Promise<void> {
  if (config.env === 'production' && !existsSync(path.join(config.webDistDir, 'index.html'))) {
    throw new ConfigError([
      `WEB_DIST_DIR: no web build at ${config.webDistDir} (index.html): run npm run build, or set WEB_DIST_DIR to the built app's folder`,
    ]);
  }
  if (!config.databaseUrl) return;
  // The app's own logger comes with the app; these lines go out in the same form before it.
  const log = pino({ level: config.logLevel });
  await waitForDatabase({
    databaseUrl: config.databaseUrl,
    timeoutMs: config.databaseConnectTimeoutMs,
    onRetry: (attempt) => log.warn(attempt, 'the database does not answer yet; trying again'),
  });
  markPhase('database reachable');
}

/** Resolves once the log lines written so far are out (pino's `flush(cb)`; at once for a logger without it). */
function flushLog(log: FastifyBaseLogger): Promise<void> {
  const flushable = log as FastifyBaseLogger & { flush?: (done: () => void) => void };
  return new Promise((resolve) => (flushable.flush ? flushable.flush(() => resolve()) : resolve()));
}

function exitOnStartFailure(err: unknown): never {
  if (
    err instanceof ConfigError ||
    err instanceof DataDirBusyError ||
    err instanceof DatabaseUnreachableError ||
    err instanceof FieldKeyMismatchError
  ) {
    process.stderr.write(`${err.message}\n`);
    if (err instanceof DataDirBusyError) {
      process.stderr.write('Is Staffroom already running? Stop it first, or set DATA_DIR to another folder.\n');
    }
    process.exit(1);
  }
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
}
