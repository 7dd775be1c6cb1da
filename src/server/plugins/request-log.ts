/**
 * One log line per request, when it is answered: method, redacted address, client address, status and
 * milliseconds (docs/architecture.md#wire-conventions). Fastify's own request logging writes two lines
 * per request (on arrival and on answer); on the signed-in hot path that doubled the cost of logging.
 * What the line may show is decided by the logger's serializers and redaction (lib/log-redaction.ts).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

async function requestLog(app: FastifyInstance): Promise<void> {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info({ req: request, res: { statusCode: reply.statusCode }, responseTime: Math.round(reply.elapsedTime) }, 'request completed');
  });
}

export default fp(requestLog, { name: 'request-log' });
