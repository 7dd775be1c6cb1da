/**
 * `buildApp(config)`: the whole Staffroom server as a Fastify instance that is not listening yet
 * (fastify/demo app.ts style), so tests drive it with `inject` or on port 0 and `serve.ts` only
 * configures, migrates and listens. Closing the app closes the database.
 *
 * buildApp is the list of steps in the order they are registered; that order matters (the session
 * hook runs before the XSRF check, the provider is mounted before the API, the SPA's not-found
 * handler comes last), so a new step goes where it belongs in the list, not at the end.
 */
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { zodSchemaController } from '@server/lib/zod-compilers.js';
import type { AppConfig, ProviderClient } from './config.js';
import { openDatabase, POOL_SIZE, type Database } from '@server/db/client.js';
import { providerClients, redirectOrigins, wireIdentity } from '@server/identity/wire-identity.js';
import { restrictDataDir } from '@server/lib/data-dir-permissions.js';
import { dataDirUses, opensDataDirAtStart } from '@server/lib/data-dir-uses.js';
import { checkFieldKeys } from '@server/lib/field-key-check.js';
import { batchedDestination } from '@server/lib/log-destination.js';
import { REDACT_PATHS, redactUrl } from '@server/lib/log-redaction.js';
import { sharedRateLimitStore, sweepRateLimits } from '@server/lib/rate-limits.js';
import { createReadiness, type Readiness } from '@server/lib/readiness.js';
import { givenSecrets, loadSecrets } from '@server/lib/secrets.js';
import { observeAudit } from '@server/lib/audit.js';
import metricsPlugin from '@server/plugins/metrics.js';
import requestIdPlugin, { requestIdGenerator } from '@server/plugins/request-id.js';
import { markPhase } from '@server/lib/start-up-phases.js';
import apiDocs from '@server/plugins/api-docs.js';
import errorsPlugin from '@server/plugins/errors.js';
import textGuard from '@server/plugins/text-guard.js';
import staffFirst from '@server/plugins/staff-first.js';
import { signOutRedirectPlugin } from '@server/modules/auth/index.js';
import refusalAudit from '@server/plugins/refusal-audit.js';
import linkTokenLimit from '@server/plugins/link-token-limit.js';
import securityHeaders from '@server/plugins/security-headers.js';
import sessionPlugin, { steppedUpRecently } from '@server/plugins/session.js';
import spaPlugin from '@server/plugins/spa.js';
import xsrfPlugin from '@server/plugins/xsrf.js';
import { readOnboardingLinkPage, sealPlainAnswers } from '@server/modules/onboarding/index.js';
import { getSurvey } from '@server/modules/surveys/index.js';
import { getDiscountStatus } from '@server/modules/team-discount/index.js';
import { discountStatusSchema } from '@shared/api/team-discount.js';
import { surveyParamsSchema, surveySchema } from '@shared/api/surveys.js';
import { toStaffMember, withBankDetailsShown } from '@server/modules/staff/index.js';
import { AppError } from '@server/errors.js';
import { apiRoutes } from './routes.js';
import { createServices, type Services } from './services.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    config: AppConfig;
    /** Database, config, mail and file storage, shared with admin commands run through the control channel. */
    services: Services;
    /** Whether to send this process requests now: `GET /api/ready`, and what a stop switches off first. */
    readiness: Readiness;
  }
}

export interface BuildAppOptions {
  /** An already-open database (the CLI control channel shares the server's). */
  database?: Database;
  /** Extra clients of the embedded provider, e.g. when this instance plays an external provider in tests. */
  providerClients?: ProviderClient[];
  /** Logger override (tests pass false). */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
}

/**
 * Fastify's request logging with one line per request, written when it is answered (method, redacted
 * address, status, milliseconds): the line Fastify also writes when a request arrives doubled the
 * cost of logging on the signed-in hot path and said nothing the answer's line does not.
 */
class AnsweredRequestsLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime) };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/**
 * Log lines at the configured level, with secrets and link tokens redacted (docs/architecture.md#identity):
 * a request is logged as its method, redacted address and client address, an answer as its status,
 * never with their headers.
 */
function loggerOptions(config: AppConfig, options: BuildAppOptions): FastifyServerOptions['logger'] {
  if (options.logger === false) return false;
  return {
    level: config.logLevel,
    stream: options.logStream ?? batchedDestination(),
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req: (req: FastifyRequest) => ({ method: req.method, url: redactUrl(req.url), ip: req.ip }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
    },
  };
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes "trust the nearest `hops` hops", as Express reads
 * a number: Fastify 5 fails a bare number closed (it cannot check the nearest peer), so it is given as a
 * function. A list of addresses and networks goes as it is (proxy-addr compiles it).
 */
function fastifyTrustProxy(
  setting: AppConfig['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

/** Builds the app. @throws ConfigError, DataDirBusyError, FieldKeyMismatchError */
export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  let log: FastifyInstance['log'] | undefined;
  let templateUnusable: Error | undefined;
  const given = givenSecrets(config, { providerKeys: true });
  // Only the embedded parts keep files under DATA_DIR: without them it is never created nor read.
  const notOwned =
    options.database || !opensDataDirAtStart(dataDirUses(config, given)) ? [] : await restrictDataDir(config.dataDir);
  const database =
    options.database ??
    (await openDatabase({
      ...config,
      onConnectionError: (err) => log?.warn({ err }, 'an idle database connection broke; the pool replaces it'),
      onTemplateUnusable: (err) => (templateUnusable = err),
    }));
  const { db } = database;
  const secrets = await loadSecrets(config.dataDir, given);
  markPhase('secrets');

  const app = Fastify({
    logger: loggerOptions(config, options),
    logController: new AnsweredRequestsLog(),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    genReqId: requestIdGenerator(fastifyTrustProxy(config.trustProxy)),
    bodyLimit: 1024 * 1024,
    // Every schema is zod's, given as the instance is created (zod-compilers.ts says why).
    schemaController: zodSchemaController,
  });
  log = app.log;
  if (templateUnusable) {
    app.log.warn(
      { err: templateUnusable },
      "the build's PGlite template could not be used, so the new database was made with initdb; npm run build makes it again",
    );
  }
  if (notOwned.length) {
    app.log.warn(
      { count: notOwned.length, first: notOwned[0] },
      'some of DATA_DIR belongs to another user and could not be made owner-only',
    );
  }
  app.decorate('database', database);
  app.decorate('config', config);
  // prom-client loads only when metrics are on: a start without them does not pay for it.
  const metrics =
    config.metrics.mode === 'off'
      ? undefined
      : (await import('@server/lib/metrics.js')).createMetrics({
          database,
          onScrapeError: (err) => app.log.warn({ err }, 'the metrics could not count the queue'),
        });
  if (metrics) observeAudit(db, (entry) => metrics.auditEntry(entry));
  const services = createServices(config, database, secrets, app.log, metrics);
  app.decorate('services', services);
  app.decorate(
    'readiness',
    createReadiness({ db, storage: services.storage, webDistDir: config.webDistDir, log: app.log }),
  );
  app.addHook('onClose', () => services.discountQr.close());
  if (!options.database) app.addHook('onClose', () => database.close());
  // Before anything reads a sealed value: a key that opens none of this database's data stops the start.
  try {
    if (await checkFieldKeys({ db, keys: services.fieldKeys }))
      app.log.info({ kid: services.fieldKeys.current.id }, 'stored the check value of the encryption key');
  } catch (err) {
    await app.close();
    throw err;
  }
  const sealed = await sealPlainAnswers({ db, fieldKeys: services.fieldKeys });
  if (sealed)
    app.log.info({ onboardings: sealed }, "sealed the joiners' answers an earlier version kept in plain JSON");

  const clients = providerClients(config, secrets.appSecret, options.providerClients);
  await app.register(errorsPlugin);
  await app.register(requestIdPlugin);
  await app.register(staffFirst, { limit: POOL_SIZE });
  if (metrics) await app.register(metricsPlugin, { metrics, config: config.metrics });
  await app.register(fastifyCookie);
  await app.register(textGuard);
  await app.register(securityHeaders, { config, formActionOrigins: redirectOrigins(clients) });
  await app.register(fastifyRateLimit, { global: false, store: sharedRateLimitStore(database) });
  const sweep = sweepRateLimits(database, (err) =>
    app.log.warn({ err }, 'could not delete expired rate-limit counters'),
  );
  app.addHook('onClose', async () => sweep.stop());
  await app.register(linkTokenLimit, { config });
  await app.register(sessionPlugin, { config, database });
  await app.register(refusalAudit, { database });
  await app.register(xsrfPlugin, { config, secret: secrets.appSecret, previousSecret: secrets.previousAppSecret });
  markPhase('plugins');
  const identity = await wireIdentity(app, { config, db, secrets, clients });
  if (config.oidc.mode === 'external') {
    await app.register(signOutRedirectPlugin, { config, endSessionEndpoint: () => identity.rp.endSessionEndpoint() });
  }
  markPhase('identity');
  await app.register(apiDocs);
  await app.register(apiRoutes, { prefix: '/api', config, database, services, ...identity });
  // The page carries the member as GET /me answers them, so a reload keeps what the session may see.
  const meOf = async (request: FastifyRequest) =>
    request.session
      ? withBankDetailsShown({
          db,
          fieldKeys: services.fieldKeys,
          staffId: request.session.staffId,
          log: request.log,
          steppedUp: steppedUpRecently(request.session),
          member: await toStaffMember(request.session.staff),
        })
      : undefined;
  // A joiner's link page carries what its first two calls would answer, counted against the same
  // per-address budget of link lookups; an unknown or expired link, or one over budget, carries nothing
  // and the app's own calls answer as they always have.
  const onboardingOf = async (request: FastifyRequest, reply: FastifyReply, token: string) => {
    try {
      await app.limitLinkTokens(request, reply);
      return await readOnboardingLinkPage({ services, token, log: request.log });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      reply.removeHeader('retry-after');
      return undefined;
    }
  };
  // The team-discount page carries the card as its call answers it (through the call's own contract,
  // so nothing else reaches the page). A member without a selfie gets none, and the screen's own call
  // answers with the prompt to add one, as it always has; a card that cannot be made now (the QR
  // worker failing, say) leaves the page as it was and the screen's call says what went wrong.
  const discountStatusOf = async (request: FastifyRequest) => {
    if (!request.session) return undefined;
    try {
      return discountStatusSchema.parse(await getDiscountStatus({ services, person: request.session.staff }));
    } catch (err) {
      if (!(err instanceof AppError)) request.log.warn({ err }, 'the team-discount page could not carry the card');
      return undefined;
    }
  };
  // A survey's page carries the survey as its call answers it (through the call's contract), so the
  // questions draw without a round trip after the code; an id that is no survey carries nothing and
  // the screen's own call says so, as it always has.
  const surveyOf = async (request: FastifyRequest, id: string) => {
    const params = surveyParamsSchema.safeParse({ id });
    if (!request.session || !params.success) return undefined;
    try {
      return surveySchema.parse(await getSurvey({ services, id: params.data.id }));
    } catch (err) {
      if (!(err instanceof AppError)) request.log.warn({ err }, 'the survey page could not carry the survey');
      return undefined;
    }
  };
  await app.register(spaPlugin, { config, meOf, onboardingOf, discountStatusOf, surveyOf });
  markPhase('routes');
  return app;
}
