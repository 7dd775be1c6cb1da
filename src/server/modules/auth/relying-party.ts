/**
 * The relying party (`openid-client`): builds authorization URLs (code + PKCE S256 + state + nonce +
 * max_age) and redeems codes, validating the ID token (with its auth_time). Talks to the embedded provider through the app itself
 * (`inject`, no network hop) or to an external provider (`OIDC_ISSUER`) over HTTPS; plain http is
 * allowed only for loopback issuers (tests, local set-ups).
 */
import * as client from 'openid-client';
import type { ConsoleRole } from '@shared/api/console/shared.js';
import { isLoopbackHost } from '@server/config.js';
import { AppError } from '@server/errors.js';

export interface RelyingPartyOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /**
   * Seconds since the member last entered their credentials at the provider beyond which a sign-in
   * must ask for them again (OpenID Connect Core §3.1.2.1 `max_age`, checked against the ID token's
   * `auth_time`). The portal passes its idle timeout: a portal session that ended by idle or absolute
   * timeout is always older than that, so the provider's own longer session cannot sign it straight back in.
   */
  maxAgeSeconds: number;
  /**
   * The claim whose value is a member's email address at this provider: `email` (the default, honoured
   * only when `email_verified` is not false), or `upn` / `preferred_username` on an Entra ID tenant,
   * where only administrators set them (never choose one a user can edit). Read from the ID token,
   * else from UserInfo (OpenID Connect Core §5.3, §5.4: claims asked for by scope may come only from there).
   */
  staffClaim?: string;
  /** A claim carrying console roles, and the values that mean HR and venue manager (docs/product.md#console-roles). */
  roleClaim?: { claim: string; hr?: string; manager?: string };
  /** Fetch used for back-channel calls (discovery, token, JWKS); defaults to global fetch. */
  fetch?: client.CustomFetch;
}

export interface IdentityClaims {
  issuer: string;
  sub: string;
  /** The staff claim's value (see `staffClaim`), matched against staff email addresses. */
  email?: string;
  /** `email_verified` for the `email` claim; another staff claim is the provider's own name for the account. */
  emailVerified?: boolean;
  /**
   * The console role the provider's role claim gives (`hr` before `manager` when it holds both), null
   * when it gives neither; undefined when no role claim is configured, so roles stay as HR set them.
   */
  role?: ConsoleRole | null;
  /** The ID token as the provider issued it: the hint its end-session endpoint takes at sign-out. */
  idToken?: string;
}

/** The role a claim's value (a string or a list of them, as `groups` is) gives. */
export function roleFromClaim(value: unknown, roleClaim: { hr?: string; manager?: string }): ConsoleRole | null {
  const values = Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string')
    : typeof value === 'string'
      ? [value]
      : [];
  if (roleClaim.hr && values.includes(roleClaim.hr)) return 'hr';
  if (roleClaim.manager && values.includes(roleClaim.manager)) return 'manager';
  return null;
}

export class RelyingParty {
  private configuration?: Promise<client.Configuration>;

  constructor(private readonly opts: RelyingPartyOptions) {}

  /** Discovered once and cached; a failed discovery is retried on the next call. */
  private config(): Promise<client.Configuration> {
    if (!this.configuration) {
      const issuer = new URL(this.opts.issuer);
      const execute =
        issuer.protocol === 'http:' && isLoopbackHost(issuer.hostname) ? [client.allowInsecureRequests] : [];
      this.configuration = client
        .discovery(issuer, this.opts.clientId, undefined, client.ClientSecretBasic(this.opts.clientSecret), {
          execute,
          ...(this.opts.fetch ? { [client.customFetch]: this.opts.fetch } : {}),
        })
        .catch(() => {
          this.configuration = undefined;
          throw new AppError(
            'UPSTREAM_FAILED',
            'The sign-in service is not reachable right now. Please try again shortly.',
          );
        });
    }
    return this.configuration;
  }

  /**
   * A fresh state, nonce and PKCE verifier with the authorization URL that carries them. `promptLogin`
   * asks the provider for the password again whatever session it holds (OpenID Connect Core §3.1.2.1).
   */
  async startAuthorization(
    redirectUri: string,
    promptLogin = false,
  ): Promise<{ url: string; state: string; nonce: string; codeVerifier: string }> {
    const config = await this.config();
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      max_age: String(this.opts.maxAgeSeconds),
      ...(promptLogin ? { prompt: 'login' } : {}),
    });
    return { url: url.href, state, nonce, codeVerifier };
  }

  /**
   * Redeems `code` and validates the ID token (signature, iss, aud, exp, nonce) and PKCE.
   * @throws AppError BAD_REQUEST when the provider refuses the code or the token does not validate.
   */
  async completeAuthorization(opts: {
    redirectUri: string;
    code: string;
    state: string;
    nonce: string;
    codeVerifier: string;
  }): Promise<IdentityClaims> {
    const config = await this.config();
    const callback = new URL(opts.redirectUri);
    callback.searchParams.set('code', opts.code);
    callback.searchParams.set('state', opts.state);
    // RFC 9207: the web posts only code and state (docs/product.md#auth); this portal talks to a single issuer,
    // so the mix-up defence `iss` gives is already had, and the expected value is supplied here.
    if (config.serverMetadata().authorization_response_iss_parameter_supported) {
      callback.searchParams.set('iss', config.serverMetadata().issuer);
    }
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: opts.codeVerifier,
        expectedState: opts.state,
        expectedNonce: opts.nonce,
        // auth_time must be present and within max_age: a provider that ignored max_age is refused.
        maxAge: this.opts.maxAgeSeconds,
        idTokenExpected: true,
      });
    } catch (err) {
      if (err instanceof TypeError && /fetch failed/.test(err.message)) {
        throw new AppError(
          'UPSTREAM_FAILED',
          'The sign-in service is not reachable right now. Please try again shortly.',
        );
      }
      throw new AppError('BAD_REQUEST', 'Sign-in could not be completed. Please press Login and try again.');
    }
    const claims = tokens.claims();
    if (!claims) throw new AppError('BAD_REQUEST', 'Sign-in could not be completed. Please press Login and try again.');
    const staffClaim = this.opts.staffClaim ?? 'email';
    let found: Record<string, unknown> = claims;
    if (typeof claims[staffClaim] !== 'string' && tokens.access_token) {
      // A provider that follows Core §5.4 sends scope claims only from UserInfo; its `sub` must match.
      // A UserInfo the provider refuses leaves the claim unknown: a member already linked by subject
      // still signs in, and only a first sign-in finds no staff record.
      try {
        found = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      } catch (err) {
        if (err instanceof TypeError && /fetch failed/.test(err.message)) {
          throw new AppError(
            'UPSTREAM_FAILED',
            'The sign-in service is not reachable right now. Please try again shortly.',
          );
        }
      }
    }
    const value = found[staffClaim];
    const roleClaim = this.opts.roleClaim;
    return {
      issuer: claims.iss,
      sub: claims.sub,
      email: typeof value === 'string' ? value : undefined,
      emailVerified:
        staffClaim !== 'email' ? true : typeof found.email_verified === 'boolean' ? found.email_verified : undefined,
      role: roleClaim ? roleFromClaim(found[roleClaim.claim] ?? claims[roleClaim.claim], roleClaim) : undefined,
      idToken: tokens.id_token,
    };
  }

  /**
   * Where to send the browser to end the provider's own session (OpenID Connect RP-Initiated Logout 1.0):
   * its end-session endpoint with `id_token_hint` and `post_logout_redirect_uri`, or null when the
   * provider offers none (the next sign-in then asks for the password with `prompt=login`).
   */
  async endSessionUrl(opts: { idToken: string; postLogoutRedirectUri: string }): Promise<string | null> {
    const config = await this.config();
    if (!config.serverMetadata().end_session_endpoint) return null;
    return client.buildEndSessionUrl(config, {
      id_token_hint: opts.idToken,
      post_logout_redirect_uri: opts.postLogoutRedirectUri,
    }).href;
  }

  /** The provider's end-session endpoint, if it offers one. */
  async endSessionEndpoint(): Promise<string | undefined> {
    return (await this.config()).serverMetadata().end_session_endpoint;
  }
}
