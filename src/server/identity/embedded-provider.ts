/**
 * The embedded OpenID provider (`oidc-provider`, OpenID Certified) mounted at `/oidc`: the default
 * identity provider when no `OIDC_ISSUER` is configured (docs/architecture.md#identity). Accounts are staff
 * members; the subject is the staff id. Its client is the portal itself (confidential, PKCE required).
 */
import { acceptedAppSecrets } from '@server/lib/secrets.js';
import type { IncomingMessage } from 'node:http';
import { eq } from 'drizzle-orm';
import type { default as Provider, Configuration, KoaContextWithOIDC } from 'oidc-provider';
import type { AppConfig, ProviderClient } from '@server/config.js';
import type { Db } from '@server/db/client.js';
import { staff } from '@server/db/schema.js';
import { hmac } from '@server/lib/tokens.js';
import { createProviderAdapter } from './provider-adapter.js';
import { renderProviderError } from './sign-in-page.js';

export const PROVIDER_MOUNT = '/oidc';
export const INTERACTION_PREFIX = '/interaction';

/** Issuer identifier of the embedded provider for this portal. */
export const embeddedIssuer = (config: Pick<AppConfig, 'publicUrl'>): string => `${config.publicUrl}${PROVIDER_MOUNT}`;

/**
 * Makes a request look, to oidc-provider, as if it arrived at the public URL. The provider builds its
 * endpoint addresses and decides whether it may set Secure cookies from the request's protocol and
 * host; pinned to PUBLIC_URL here, it answers the same directly, behind a TLS proxy that is trusted
 * (TRUST_PROXY) or not, and a forged Host or X-Forwarded-* header cannot change an address it issues.
 * The provider is created with `proxy = true` to read these headers, so X-Forwarded-For is replaced by
 * the one client address Fastify worked out under TRUST_PROXY (`clientIp`, Fastify's `request.ip`):
 * the provider then sees the address the rest of the server sees, never a hop a client wrote itself.
 */
export function pinToPublicUrl(
  req: IncomingMessage,
  config: Pick<AppConfig, 'publicUrl'>,
  clientIp: string | undefined,
): void {
  const url = new URL(config.publicUrl);
  req.headers['x-forwarded-proto'] = url.protocol.slice(0, -1);
  req.headers['x-forwarded-host'] = url.host;
  if (clientIp) req.headers['x-forwarded-for'] = clientIp;
  else delete req.headers['x-forwarded-for'];
}

/** The portal's own client secret, derived from the app secret so nothing extra needs configuring. */
export const embeddedClientSecret = (appSecret: string): string => hmac(`oidc-client:${appSecret}`, 'staffroom-portal');

export interface EmbeddedProviderOptions {
  config: AppConfig;
  db: Db;
  appSecret: string;
  /** The APP_SECRET before a rotation: the provider's cookies signed under it still hold. */
  previousAppSecret?: string;
  jwks: { keys: Record<string, unknown>[] };
  /** Clients besides the portal (used when this instance plays an external provider). */
  clients: ProviderClient[];
}

/**
 * Builds the provider; the caller mounts `provider.callback()` at PROVIDER_MOUNT. oidc-provider is
 * the largest package of the server, so it is loaded here rather than at start-up
 * (docs/architecture.md#start-up-and-memory).
 */
export async function createEmbeddedProvider(opts: EmbeddedProviderOptions): Promise<Provider> {
  const { config, db } = opts;
  const { default: Provider } = await import('oidc-provider');
  const configuration: Configuration = {
    adapter: createProviderAdapter(db),
    clients: opts.clients.map((c) => ({
      ...c,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    jwks: opts.jwks as Configuration['jwks'],
    cookies: {
      // Newest first: oidc-provider signs with the first and accepts any, so the provider's cookies set
      // before an APP_SECRET rotation still hold.
      keys: acceptedAppSecrets(opts).map((secret) => hmac(`oidc-cookies:${secret}`, 'v1')),
      long: { httpOnly: true, sameSite: 'lax', secure: config.secureCookies },
      short: { httpOnly: true, sameSite: 'lax', secure: config.secureCookies },
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    // The portal reads the claims from the ID token; it never needs the userinfo endpoint.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
    },
    interactions: {
      url: (_ctx: KoaContextWithOIDC, interaction) => `${INTERACTION_PREFIX}/${interaction.uid}`,
    },
    async findAccount(_ctx, sub) {
      const [member] = await db
        .select({ id: staff.id, forename: staff.forename, surname: staff.surname, email: staff.emailAddress })
        .from(staff)
        .where(eq(staff.id, sub))
        .limit(1);
      if (!member) return undefined;
      return {
        accountId: member.id,
        claims: () => ({
          sub: member.id,
          email: member.email,
          email_verified: true,
          given_name: member.forename,
          family_name: member.surname,
          name: `${member.forename} ${member.surname}`,
        }),
      };
    },
    // First-party clients only: consent is implied, so a grant is created without a consent screen.
    async loadExistingGrant(ctx) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = renderProviderError({ brandId: config.brand, message: out.error_description ?? out.error });
    },
    ttl: {
      Interaction: 60 * 60,
      Session: 12 * 60 * 60,
      Grant: 12 * 60 * 60,
      AuthorizationCode: 60,
      AccessToken: 10 * 60,
      IdToken: 10 * 60,
    },
  };
  const provider = new Provider(embeddedIssuer(config), configuration);
  // Protocol and host come from the public URL (pinToPublicUrl), whatever TRUST_PROXY says.
  provider.proxy = true;
  return provider;
}
