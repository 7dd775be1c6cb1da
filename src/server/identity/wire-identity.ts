/**
 * Sign-in wiring for buildApp (docs/architecture.md#identity): the clients of the embedded provider,
 * the provider itself mounted at `/oidc` with its sign-in pages (only when no `OIDC_ISSUER` is
 * configured), and the relying party the auth routes use, which reaches the embedded provider
 * through `app.inject` rather than the network. Logging out also deletes the embedded provider's
 * own session, so the next Login asks for the password again.
 */
import fastifyMiddie from '@fastify/middie';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig, ProviderClient } from '@server/config.js';
import type { Db } from '@server/db/client.js';
import { oidcPayloads } from '@server/db/schema.js';
import { injectFetch } from '@server/lib/inject-fetch.js';
import { lazy } from '@server/lib/on-demand.js';
import type { Secrets } from '@server/lib/secrets.js';
import { RelyingParty } from '@server/modules/auth/index.js';
import { createAccountLock } from './account-lock.js';
import { createAddressBudget } from './address-budget.js';
import {
  createEmbeddedProvider,
  embeddedClientSecret,
  embeddedIssuer,
  pinToPublicUrl,
  PROVIDER_MOUNT,
} from './embedded-provider.js';
import { interactionRoutes } from './interaction-routes.js';
import { loadProviderStorage, scopeProviderContext } from './provider-context.js';

/** The portal's own client of the embedded provider, its secret derived from the app secret. */
const portalClient = (config: AppConfig, appSecret: string): ProviderClient => ({
  client_id: config.oidc.clientId,
  client_secret: embeddedClientSecret(appSecret),
  redirect_uris: [`${config.publicUrl}/login`],
});

/**
 * The embedded provider's clients: the portal, then those configured with the provider and any
 * `extra` (when this instance plays an external provider in tests).
 */
export function providerClients(config: AppConfig, appSecret: string, extra: ProviderClient[] = []): ProviderClient[] {
  return [
    portalClient(config, appSecret),
    ...(config.oidc.mode === 'embedded' ? config.oidc.extraClients : []),
    ...extra,
  ];
}

/** The origins the clients' redirect addresses are on, each once: where the provider's sign-in form may lead. */
export const redirectOrigins = (clients: ProviderClient[]): string[] => [
  ...new Set(clients.flatMap((c) => c.redirect_uris.map((u) => new URL(u).origin))),
];

export interface Identity {
  /** The portal's relying party: the embedded provider through `app.inject`, or the configured issuer. */
  rp: RelyingParty;
  /** Deletes the embedded provider's browser session at logout; none with an external provider. */
  endProviderSession?: (request: FastifyRequest) => Promise<void>;
}

export interface WireIdentityOptions {
  config: AppConfig;
  db: Db;
  secrets: Pick<Secrets, 'appSecret' | 'previousAppSecret' | 'providerJwks'>;
  /** The embedded provider's clients, from providerClients. */
  clients: ProviderClient[];
}

/**
 * Mounts the embedded provider and its sign-in pages on `app` when the configuration asks for it,
 * and builds the relying party. Call it after the cookie, session and XSRF plugins are registered.
 */
export async function wireIdentity(app: FastifyInstance, opts: WireIdentityOptions): Promise<Identity> {
  const { config, db, secrets, clients } = opts;
  const portal = portalClient(config, secrets.appSecret);
  let endProviderSession: Identity['endProviderSession'];
  if (config.oidc.mode === 'embedded') {
    const jwks = secrets.providerJwks;
    if (!jwks) throw new Error('the embedded provider was given no signing keys (loadSecrets with providerKeys)');
    // Set up by the first request that needs it (serve.ts asks for it right after listening), so a
    // start does not wait for oidc-provider, and a process on an external provider never loads it.
    const provider = lazy(() =>
      createEmbeddedProvider({
        config,
        db,
        appSecret: secrets.appSecret,
        previousAppSecret: secrets.previousAppSecret,
        jwks,
        clients,
      }),
    );
    // Wrapped so that oidc-provider's request context is switched off between its requests.
    const handle = lazy(async () => scopeProviderContext(await loadProviderStorage(), (await provider()).callback()));
    // In a scope of its own with catch-all routes: middie's hook then runs only on the provider's
    // addresses, not on every request (at the root it copied request fields on each API call).
    await app.register(async (scope) => {
      await scope.register(fastifyMiddie);
      scope.use(PROVIDER_MOUNT, (req, res, next) => {
        // The provider writes to the raw response, past Fastify's reply headers.
        for (const [name, value] of Object.entries(app.securityHeaders)) res.setHeader(name, value);
        // middie copies Fastify's request.ip onto the raw request.
        pinToPublicUrl(req, config, (req as typeof req & { ip?: string }).ip);
        handle().then((callback) => callback(req, res), next);
      });
      // Never reached: the provider answers in middie's onRequest hook, before body parsing.
      const unreachable = async () => {
        throw new Error('the embedded provider did not answer');
      };
      scope.all(PROVIDER_MOUNT, { schema: { hide: true } }, unreachable);
      scope.all(`${PROVIDER_MOUNT}/*`, { schema: { hide: true } }, unreachable);
    });
    const accountLock = createAccountLock({
      database: app.database,
      deliveries: app.services.deliveries,
      log: app.log,
    });
    const addressBudget = createAddressBudget({ database: app.database });
    await app.register(interactionRoutes, { config, db, provider, accountLock, addressBudget });
    endProviderSession = async (request) => {
      const sid = request.cookies._session;
      if (sid) await db.delete(oidcPayloads).where(and(eq(oidcPayloads.type, 'Session'), eq(oidcPayloads.id, sid)));
    };
  }
  const maxAgeSeconds = config.session.idleMinutes * 60;
  const rp = new RelyingParty(
    config.oidc.mode === 'embedded'
      ? {
          issuer: embeddedIssuer(config),
          clientId: portal.client_id,
          clientSecret: portal.client_secret,
          maxAgeSeconds,
          fetch: injectFetch(app),
        }
      : {
          issuer: config.oidc.issuer,
          clientId: config.oidc.clientId,
          clientSecret: config.oidc.clientSecret,
          maxAgeSeconds,
          staffClaim: config.oidc.staffClaim,
          roleClaim: config.oidc.roleClaim,
        },
  );
  return { rp, endProviderSession };
}
