/**
 * `buildApp(config)`: the whole Staffroom server as a Fastify instance that is not listening yet
 * (fastify/demo app.ts style), so tests drive it with `inject` or on port 0 and `main.ts` only
 * configures, migrates and listens. Closing the app closes the database.
 */
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMiddie from '@fastify/middie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { and, eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_VERSION } from '@shared/constants.js';
import type { AppConfig, ProviderClient } from './config.js';
import { openDatabase, type Database } from '@server/db/client.js';
import { oidcPayloads } from '@server/db/schema.js';
import {
  createEmbeddedProvider,
  embeddedClientSecret,
  embeddedIssuer,
  PROVIDER_MOUNT,
} from '@server/identity/embedded-provider.js';
import { interactionRoutes } from '@server/identity/interaction-routes.js';
import { injectFetch } from '@server/lib/inject-fetch.js';
import { REDACT_PATHS, redactUrl } from '@server/lib/log-redaction.js';
import { loadSecrets } from '@server/lib/secrets.js';
import { RelyingParty, authRoutes } from '@server/modules/auth/index.js';
import { documentRoutes } from '@server/modules/documents/index.js';
import { onboardingRoutes } from '@server/modules/onboarding/index.js';
import { myDetailsRoutes } from '@server/modules/my-details/index.js';
import { twoFactorRoutes } from '@server/modules/two-factor/index.js';
import { teamDiscountRoutes } from '@server/modules/team-discount/index.js';
import { fileRoutes } from '@server/modules/files/index.js';
import { vehicleRoutes } from '@server/modules/vehicles/index.js';
import { surveyRoutes } from '@server/modules/surveys/index.js';
import { AppError } from './errors.js';
import errorsPlugin from '@server/plugins/errors.js';
import linkTokenLimit from '@server/plugins/link-token-limit.js';
import sessionPlugin from '@server/plugins/session.js';
import spaPlugin from '@server/plugins/spa.js';
import xsrfPlugin from '@server/plugins/xsrf.js';
import { createServices, type Services } from './services.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    config: AppConfig;
    /** Database, config, mail and file storage, shared with admin commands run through the control channel. */
    services: Services;
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

/** Builds the app. @throws ConfigError, DataDirBusyError */
export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  let log: FastifyInstance['log'] | undefined;
  const database =
    options.database ??
    (await openDatabase({ ...config, onConnectionError: (err) => log?.warn({ err }, 'an idle database connection broke; the pool replaces it') }));
  const { db } = database;
  const secrets = await loadSecrets(config.dataDir, {
    appSecret: config.appSecret,
    providerJwks: config.oidc.mode === 'embedded' ? config.oidc.jwks : undefined,
    encryptionKey: config.encryptionKey,
  });

  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(options.logStream ? { stream: options.logStream } : {}),
            redact: { paths: REDACT_PATHS, censor: '[redacted]' },
            serializers: {
              req: (req: FastifyRequest) => ({ method: req.method, url: redactUrl(req.url), ip: req.ip }),
            },
          },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  log = app.log;
  app.decorate('database', database);
  app.decorate('config', config);
  const services = createServices(config, db, secrets, app.log);
  app.decorate('services', services);
  if (!options.database) app.addHook('onClose', () => database.close());

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Identity: the embedded provider unless an external issuer is configured.
  const embedded = config.oidc.mode === 'embedded';
  const portalClient: ProviderClient = {
    client_id: config.oidc.clientId,
    client_secret: embeddedClientSecret(secrets.appSecret),
    redirect_uris: [`${config.publicUrl}/login`],
  };
  const providerClients = [portalClient, ...(config.oidc.mode === 'embedded' ? config.oidc.extraClients : []), ...(options.providerClients ?? [])];
  const formActionOrigins = [...new Set(providerClients.flatMap((c) => c.redirect_uris.map((u) => new URL(u).origin)))];

  await app.register(errorsPlugin);
  // PostgreSQL text cannot hold NUL, so a body carrying one would fail deep in a query (a 500):
  // refuse it at the door, then parse as Fastify does (prototype-poisoning checks included).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.includes('\\u0000') || text.includes('\u0000')) {
      done(new AppError('BAD_REQUEST', 'The request contains a character that is not allowed (NUL).'), undefined);
      return;
    }
    parseJson(request, text, done);
  });
  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI/emotion inject <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'", ...formActionOrigins],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    strictTransportSecurity: config.secureCookies ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
  });
  await app.register(fastifyRateLimit, { global: false });
  await app.register(linkTokenLimit, { config });
  await app.register(sessionPlugin, { config, db });
  await app.register(xsrfPlugin, { config, secret: secrets.appSecret });

  let endProviderSession: ((request: FastifyRequest) => Promise<void>) | undefined;
  if (embedded) {
    const provider = createEmbeddedProvider({
      config,
      db,
      appSecret: secrets.appSecret,
      jwks: secrets.providerJwks,
      clients: providerClients,
    });
    await app.register(fastifyMiddie);
    app.use(PROVIDER_MOUNT, provider.callback());
    await app.register(interactionRoutes, { config, db, provider });
    endProviderSession = async (request) => {
      const sid = request.cookies._session;
      if (sid) await db.delete(oidcPayloads).where(and(eq(oidcPayloads.type, 'Session'), eq(oidcPayloads.id, sid)));
    };
  }
  const rp = new RelyingParty(
    config.oidc.mode === 'embedded'
      ? {
          issuer: embeddedIssuer(config),
          clientId: portalClient.client_id,
          clientSecret: portalClient.client_secret,
          fetch: injectFetch(app),
        }
      : { issuer: config.oidc.issuer, clientId: config.oidc.clientId, clientSecret: config.oidc.clientSecret },
  );

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Staffroom API', version: APP_VERSION, description: 'Staff self-service portal API' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'staffroom-session' },
          xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      api.withTypeProvider<ZodTypeProvider>().get(
        '/health',
        {
          schema: {
            summary: 'Liveness and database check',
            tags: ['ops'],
            response: { 200: z.object({ data: z.object({ status: z.literal('ok'), database: z.string() }) }) },
          },
        },
        async () => {
          await db.execute('select 1');
          return { data: { status: 'ok' as const, database: database.kind } };
        },
      );
      await api.register(authRoutes, { config, db, rp, endProviderSession });
      await api.register(onboardingRoutes, { services });
      await api.register(documentRoutes, { services });
      await api.register(myDetailsRoutes, { services });
      await api.register(twoFactorRoutes, { services });
      await api.register(fileRoutes, { services });
      await api.register(teamDiscountRoutes, { services });
      await api.register(vehicleRoutes, { services });
      await api.register(surveyRoutes, { services });
    },
    { prefix: '/api' },
  );

  await app.register(spaPlugin, { config });
  return app;
}
