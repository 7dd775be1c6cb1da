/**
 * Security headers on every answer, through helmet (docs/architecture.md#wire-conventions):
 * a strict content security policy (scripts from this origin only, no framing, no plugins), HSTS
 * and upgrade-insecure-requests when served over https, and `Referrer-Policy: no-referrer`, which
 * keeps link tokens out of referrers. The embedded provider's sign-in form ends in a redirect to a
 * client's redirect address, so those origins are allowed as form actions
 * (docs/architecture.md#identity). Wrapped with fastify-plugin so the headers reach every route.
 *
 * helmet's middleware is built once here: @fastify/helmet built it again on every request, parsing the
 * whole policy each time, a cost on the signed-in hot path for headers that never change.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { AppConfig } from '@server/config.js';

export interface SecurityHeadersOptions {
  config: Pick<AppConfig, 'secureCookies'>;
  /** Origins besides this one that a form may submit to: the identity provider's redirect targets. */
  formActionOrigins: string[];
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
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
