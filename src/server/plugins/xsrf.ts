/**
 * XSRF protection by the signed double-submit cookie of the OWASP CSRF Prevention Cheat Sheet:
 * the `XSRF-TOKEN` cookie (readable by script) holds `nonce.HMAC(secret, binding.nonce)` where the
 * binding is the session (or "anonymous" before sign-in); every state-changing `/api` call must echo
 * it in `X-XSRF-TOKEN` (the web client does so on every call). A token minted for another session fails the HMAC,
 * so a token planted before sign-in is useless after it. Any response re-issues the cookie when the
 * one the browser holds is missing or bound to something else.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { XSRF_COOKIE, XSRF_HEADER } from '@shared/constants.js';
import type { AppConfig } from '@server/config.js';
import { AppError } from '@server/errors.js';
import { isApiRoute } from '@server/lib/http.js';
import { hmac, safeEqual } from '@server/lib/tokens.js';
import { skipsSession } from './session.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Verified tokens remembered at most (about 200 bytes each); the set starts over when full. */
const VERIFIED_TOKENS_KEPT = 10_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route authenticates with an API key, not the session cookie, so no XSRF check. */
    xsrf?: boolean;
  }
}

async function xsrfPlugin(
  app: FastifyInstance,
  opts: { config: AppConfig; secret: string; previousSecret?: string },
): Promise<void> {
  const key = `xsrf:${opts.secret}`;
  // A token minted under the previous APP_SECRET of a rotation still verifies; new ones use the current.
  const keys = opts.previousSecret ? [key, `xsrf:${opts.previousSecret}`] : [key];
  const binding = (request: FastifyRequest) => request.session?.tokenHash ?? 'anonymous';
  const mint = (request: FastifyRequest) => {
    const nonce = randomBytes(16).toString('base64url');
    return `${nonce}.${hmac(key, `${binding(request)}.${nonce}`)}`;
  };
  // Tokens already verified, with the binding they verified for: every answer checks the browser's
  // cookie, and the signed-in hot path should not pay an HMAC for the same token each time. Only
  // successful checks are kept, so a forged token is never remembered; the session itself is still
  // read from the database on every request, so nothing here outlives a sign-out.
  const verified = new Map<string, string>();
  const valid = (request: FastifyRequest, token: string | undefined): boolean => {
    if (!token) return false;
    const bound = binding(request);
    if (verified.get(token) === bound) return true;
    const [nonce, mac, extra] = token.split('.');
    if (!nonce || !mac || extra !== undefined) return false;
    if (!keys.some((k) => safeEqual(mac, hmac(k, `${bound}.${nonce}`)))) return false;
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.clear();
    verified.set(token, bound);
    return true;
  };

  // Registered after the session plugin, so its onRequest hook has already set the binding.
  // Decided on the route the router matched, never on the raw address: `/%61pi/...`, `//api/...` or
  // `/x/../api/...` reach the same handler as `/api/...` wherever the router normalises them.
  // Callback hooks, as on the rest of the signed-in hot path: each promise costs there (Node 20's async hooks).
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || !isApiRoute(request)) return done();
    // Routes authenticated by an API key (tills) carry no ambient credentials to forge.
    if (request.routeOptions.config?.xsrf === false) return done();
    const header = request.headers[XSRF_HEADER.toLowerCase()];
    const cookie = request.cookies[XSRF_COOKIE];
    if (typeof header !== 'string' || !cookie || !safeEqual(header, cookie) || !valid(request, cookie)) {
      // Not awaited: the hook stays a callback one (it runs on every state-changing call).
      void app.auditRefusal(request, 'xsrf.refused', 403);
      return done(
        new AppError('FORBIDDEN', 'This request is missing its security token. Reload the page and try again.'),
      );
    }
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    // Read without the session, such an answer cannot tell whether the cookie is still good.
    if (skipsSession(request.url)) return done(null, payload);
    // A sign-in or logout changed the binding during the request: the old cookie no longer verifies.
    if (!valid(request, request.cookies[XSRF_COOKIE])) {
      reply.setCookie(XSRF_COOKIE, mint(request), {
        path: '/',
        httpOnly: false,
        sameSite: 'lax',
        secure: opts.config.secureCookies,
      });
    }
    done(null, payload);
  });
}

export default fp(xsrfPlugin, { name: 'xsrf', dependencies: ['@fastify/cookie', 'session'] });
