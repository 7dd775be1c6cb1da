/**
 * Request ids (docs/operations.md#request-ids): every request gets one, written as `reqId` in each log
 * line of that request and answered in `X-Request-Id`, so an operator can go from a complaint (or a
 * proxy's log) to the server's lines. A proxy's id is kept only when the request came through a proxy
 * TRUST_PROXY trusts, by the same rule Fastify uses for X-Forwarded-For, and only when it looks like an
 * id; anything else gets a new UUID, so a client can neither choose the id its lines are filed under
 * nor write arbitrary text into the log.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** An id as proxies and tracing systems write them: 1-128 letters, digits, `.`, `_` or `-`. */
const SANE_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** Fastify's `trustProxy` value, as app.ts gives it. */
export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

/**
 * Fastify's `genReqId` for the server: the `X-Request-Id` a trusted proxy sent, else a new UUID.
 * "Trusted" is Fastify's own test of the nearest hop: `trust(address of the peer, 0)`, with a list of
 * addresses compiled by proxy-addr as Fastify compiles it.
 */
export function requestIdGenerator(trust: TrustProxy): (req: IncomingMessage) => string {
  const trusts =
    typeof trust === 'function'
      ? trust
      : trust === false
        ? () => false
        : trust === true
          ? () => true
          : proxyAddr.compile(trust);
  return (req) => {
    const given = req.headers['x-request-id'];
    const address = req.socket.remoteAddress;
    if (typeof given === 'string' && SANE_ID.test(given) && address !== undefined && trusts(address, 0)) return given;
    return randomUUID();
  };
}

/**
 * Answers every request's id in `X-Request-Id`. Set on the raw answer, so that answers written past
 * Fastify (the embedded provider's) carry it too.
 */
async function requestIdPlugin(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader('x-request-id', request.id);
    done();
  });
}

export default fp(requestIdPlugin, { name: 'request-id' });
