/**
 * Signing out of an external OpenID provider too (docs/product.md#sessions). The portal's own session
 * ends inside `POST /logout`, and the web then always makes a full navigation to `/login`. With an
 * external provider that offers RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0), the
 * logout leaves a short-lived cookie with the provider's end-session address, and that navigation is
 * answered with a redirect there; the provider ends its session and returns to `/login` (operators
 * register `$PUBLIC_URL/login` as the post-logout address). With one that offers none, the logout
 * leaves a cookie that makes the next Login ask for the password (`prompt=login`). The embedded
 * provider's session ends inside `POST /logout` itself.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '@server/config.js';

/** Holds the provider's end-session address between the logout and the navigation to /login. */
export const END_SESSION_COOKIE = 'staffroom-end-session';
/** Asks the next sign-in for the password again: the provider's session could not be ended. */
export const PROMPT_LOGIN_COOKIE = 'staffroom-prompt-login';

const END_SESSION_SECONDS = 5 * 60;
/** As long as a provider's session may last: until then, its Login would pass without a password. */
const PROMPT_LOGIN_SECONDS = 30 * 24 * 60 * 60;

const cookieOptions = (config: Pick<AppConfig, 'secureCookies'>, path: string, maxAge: number) => ({
  path,
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: config.secureCookies,
  maxAge,
});

/** After the portal's session ended: send the next /login to `endSessionUrl`, or ask for the password next time. */
export function rememberSignOut(
  reply: FastifyReply,
  config: Pick<AppConfig, 'secureCookies'>,
  endSessionUrl: string | null,
): void {
  if (endSessionUrl)
    reply.setCookie(END_SESSION_COOKIE, endSessionUrl, cookieOptions(config, '/login', END_SESSION_SECONDS));
  else
    reply.setCookie(PROMPT_LOGIN_COOKIE, '1', cookieOptions(config, '/api/staff/self-service', PROMPT_LOGIN_SECONDS));
}

/** A completed sign-in no longer needs the password asked again. */
export function forgetPromptLogin(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Pick<AppConfig, 'secureCookies'>,
): void {
  if (request.cookies[PROMPT_LOGIN_COOKIE])
    reply.clearCookie(PROMPT_LOGIN_COOKIE, cookieOptions(config, '/api/staff/self-service', 0));
}

/**
 * Answers `GET /login` with the end-session redirect a logout left, once, when it points at the
 * provider's own end-session endpoint (`endSessionEndpoint`), which nothing else can make it do.
 */
async function signOutRedirect(
  app: FastifyInstance,
  opts: { config: Pick<AppConfig, 'secureCookies'>; endSessionEndpoint: () => Promise<string | undefined> },
): Promise<void> {
  // A callback hook: it runs on every request, and almost all of them are not /login.
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    const target = request.cookies[END_SESSION_COOKIE];
    if (!target || request.method !== 'GET' || !(url === '/login' || url.startsWith('/login?'))) return done();
    reply.clearCookie(END_SESSION_COOKIE, cookieOptions(opts.config, '/login', 0));
    opts.endSessionEndpoint().then(
      (endpoint) => {
        if (endpoint && target.startsWith(`${endpoint}?`)) return reply.redirect(target, 302);
        done();
      },
      () => done(),
    );
  });
}

export const signOutRedirectPlugin = fp(signOutRedirect, { name: 'sign-out-redirect' });
