/**
 * Security headers on every answer, through helmet (docs/architecture.md#wire-conventions).
 *
 * Pages, files and the provider's pages get the document set: a strict content security policy
 * (scripts from this origin only, no framing, no plugins), HSTS and upgrade-insecure-requests over
 * https, `Referrer-Policy: no-referrer` (keeps link tokens out of referrers), and a
 * `Permissions-Policy` that lets only this origin use the camera. The embedded provider's sign-in form
 * ends in a redirect to a client's redirect address, so those origins are allowed as form actions
 * (docs/architecture.md#identity). Wrapped with fastify-plugin so the headers reach every route.
 *
 * The API's JSON answers get the set OWASP's REST Security Cheat Sheet gives for APIs instead: the
 * rest only governs a document, and was 541 more bytes of uncompressed HTTP/1.1 headers on every
 * call to a phone. Every API answer says `Cache-Control: no-store` unless its route sets its own. An
 * API answer that is not JSON (a PDF, a picture, a CSV) is a document when opened in a tab and gets
 * the document set, keeping a stricter policy its route set.
 *
 * helmet's middleware is built and run once here, and the headers it sets are added to every answer:
 * none of our directives depends on the request, and @fastify/helmet rebuilt and re-ran it on every
 * request, parsing the whole policy each time, a cost on the signed-in hot path.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { AppConfig } from '@server/config.js';
import { isApiRoute } from '@server/lib/http.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The security headers every answer carries; for answers written to the raw response (the provider). */
    securityHeaders: Readonly<Record<string, string>>;
  }
}

export interface SecurityHeadersOptions {
  config: Pick<AppConfig, 'secureCookies'>;
  /** Origins besides this one that a form may submit to: the identity provider's redirect targets. */
  formActionOrigins: string[];
}

/**
 * The headers a helmet middleware sets (names in lower case), recorded by running it once against a
 * response that only remembers them. @throws Error when the middleware fails or does not finish synchronously.
 */
export function recordHeaders(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    finished = true;
  });
  if (!finished) throw new Error('helmet did not set its headers synchronously');
  return headers;
}

async function securityHeaders(app: FastifyInstance, opts: SecurityHeadersOptions): Promise<void> {
  const secure = opts.config.secureCookies;
  const setHeaders = helmet({
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
        formAction: ["'self'", ...opts.formActionOrigins],
        upgradeInsecureRequests: secure ? [] : null,
      },
    },
    strictTransportSecurity: secure ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
  });
  const documentHeaders = {
    ...recordHeaders(setHeaders),
    // Taking the selfie uses the camera: only this origin's pages may, and nothing may use the rest.
    'permissions-policy': 'camera=(self), microphone=(), geolocation=(), payment=(), usb=()',
  };
  const apiHeaders = apiAnswerHeaders(documentHeaders);
  app.decorate('securityHeaders', documentHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiRoute(request) ? apiHeaders : documentHeaders);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiRoute(request) && !isJson(reply.getHeader('content-type'))) {
      // The route's own policy (a download's sandbox) stays; the rest of the document set is added.
      const own = reply.getHeader('content-security-policy');
      reply.headers(documentHeaders);
      if (own !== apiHeaders['content-security-policy']) reply.header('content-security-policy', own);
    }
    done(null, payload);
  });
}

const isJson = (contentType: unknown): boolean =>
  typeof contentType === 'string' && contentType.startsWith('application/json');

/**
 * The headers of a JSON answer of the API (OWASP REST Security Cheat Sheet, "Security Headers"):
 * no document may be built from it, framed or sniffed, and nothing keeps a copy, since API answers
 * carry personal data or say who is signed in (a route may still set its own cache-control).
 */
function apiAnswerHeaders(documentHeaders: Readonly<Record<string, string>>): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': 'no-store',
  };
  const hsts = documentHeaders['strict-transport-security'];
  if (hsts) headers['strict-transport-security'] = hsts;
  return headers;
}

export default fp(securityHeaders, { name: 'security-headers' });
