/**
 * One rate limit for every link-token route (docs/architecture.md#identity):
 * a budget of `TOKEN_LOOKUPS_PER_MINUTE` requests per address per minute shared by the onboarding,
 * contract, agreement and upload calls, so spreading guesses over routes does not help. Built on
 * @fastify/rate-limit's `createRateLimit` (its per-route limits each keep their own counters), on the
 * store all instances share (lib/rate-limits.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '@server/config.js';
import { AppError } from '@server/errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook of link-token routes: 429 once the address has used its budget. */
    limitLinkTokens(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

async function linkTokenLimit(
  app: FastifyInstance,
  opts: { config: Pick<AppConfig, 'tokenLookupsPerMinute'> },
): Promise<void> {
  const check = app.createRateLimit({
    groupId: 'link-token-lookups',
    max: opts.config.tokenLookupsPerMinute,
    timeWindow: 60_000,
  });
  app.decorate('limitLinkTokens', async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(result.ttlInSeconds));
      throw new AppError(
        'TOO_MANY_REQUESTS',
        'Too many requests for links from this address: please wait a minute and try again.',
      );
    }
  });
}

export default fp(linkTokenLimit, { name: 'link-token-limit', dependencies: ['@fastify/rate-limit'] });
