/**
 * Serves the Prometheus metrics of lib/metrics.ts (docs/operations.md#monitoring), never in public by
 * default: on a port of their own (METRICS_PORT, bound to METRICS_HOST, loopback by default), or at
 * `GET /metrics` on the main port behind a bearer token (METRICS_TOKEN); with neither, there is no
 * endpoint and `/metrics` answers 404 like any unknown path (spa.ts). Also times every request into
 * the request-duration histogram, labelled by route pattern, never by the address asked for (link
 * tokens travel in addresses).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '@server/config.js';
import type { AppMetrics } from '@server/lib/metrics.js';
import { envelope } from './errors.js';

const sha256 = (value: string) => createHash('sha256').update(value).digest();

/**
 * True when the `Authorization` header is `Bearer <token>`. Compared as SHA-256 digests with
 * timingSafeEqual, so neither the time taken nor the lengths say how much of a guess was right.
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (\S+)$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(sha256(given), sha256(token));
}

export interface MetricsPluginOptions {
  metrics: AppMetrics;
  config: AppConfig['metrics'];
}

async function metricsPlugin(app: FastifyInstance, { metrics, config }: MetricsPluginOptions): Promise<void> {
  const { registry, requestDuration } = metrics;
  app.addHook('onResponse', (request, reply, done) => {
    requestDuration.observe(
      { route: request.routeOptions.url ?? 'unmatched', method: request.method, status_code: reply.statusCode },
      reply.elapsedTime / 1000,
    );
    done();
  });

  if (config.mode === 'token') {
    const { token } = config;
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!bearerMatches(request.headers.authorization, token)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send(envelope('The metrics need the bearer token METRICS_TOKEN sets.'));
      }
      return reply
        .header('cache-control', 'no-store')
        .type(registry.contentType)
        .send(await registry.metrics());
    });
  }

  if (config.mode === 'port') {
    const { token } = config;
    // A bare Node server: it answers one path to one scraper, with no part of the portal behind it.
    const server = http.createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
        res
          .writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
          .end('Not found: the metrics are at /metrics\n');
        return;
      }
      if (token !== undefined && !bearerMatches(req.headers.authorization, token)) {
        res.writeHead(401, { 'www-authenticate': 'Bearer realm="metrics"' }).end();
        return;
      }
      registry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(text),
        (err: unknown) => {
          app.log.error({ err }, 'the metrics could not be collected');
          res.writeHead(500).end();
        },
      );
    });
    // Listening when the app is ready, so a port already taken stops the start with the reason.
    app.addHook('onReady', async () => {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(config.port, config.host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      const { address, port } = server.address() as AddressInfo;
      app.log.info({ address, port }, 'metrics are served on their own port at /metrics');
    });
    app.addHook('onClose', async () => {
      if (!server.listening) return;
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });
  }
}

export default fp(metricsPlugin, { name: 'metrics' });
