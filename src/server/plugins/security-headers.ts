/**
 * Security headers on every answer, through helmet (docs/architecture.md#wire-conventions):
 * a strict content security policy (scripts from this origin only, no framing, no plugins), HSTS
 * and upgrade-insecure-requests when served over https, `Referrer-Policy: no-referrer`, which
 * keeps link tokens out of referrers, a `Permissions-Policy` that lets only this origin use the camera,
 * and `Cache-Control: no-store` on every API answer. The embedded provider's sign-in form ends in a redirect to a
 * client's redirect address, so those origins are allowed as form actions
 * (docs/architecture.md#identity). Wrapped with fastify-plugin so the headers reach every route.
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
 * The headers a helmet middleware sets, recorded by running it once against a response that only
 * remembers them. @throws Error when the middleware fails or does not finish synchronously.
 */
export function recordHeaders(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name];
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
  const headers = {
    ...recordHeaders(setHeaders),
    // Taking the selfie uses the camera: only this origin's pages may, and nothing may use the rest.
    'permissions-policy': 'camera=(self), microphone=(), geolocation=(), payment=(), usb=()',
  };
  app.decorate('securityHeaders', headers);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    // API answers carry personal data (or say who is signed in): no cache, shared or the browser's,
    // keeps a copy. A route may still set its own (PDFs and images say `private, no-store`).
    if (isApiRoute(request)) reply.header('cache-control', 'no-store');
    done();
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
