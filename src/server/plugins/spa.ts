/**
 * Serves the built SPA (dist/web): hashed assets with long caching, `index.html` with the brand
 * written in, for every non-API GET that is not a file (history fallback). Unknown `/api/...` paths,
 * and anything that is not a GET, answer a JSON 404 in the error envelope.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '@server/config.js';
import { envelope } from './errors.js';

async function spaPlugin(app: FastifyInstance, opts: { config: AppConfig }): Promise<void> {
  const { webDistDir, brand } = opts.config;
  const indexFile = path.join(webDistDir, 'index.html');
  const built = existsSync(indexFile);
  const indexHtml = built
    ? readFileSync(indexFile, 'utf8').replace(
        /<meta name="staffroom-brand" content="[^"]*"\s*\/?>/,
        `<meta name="staffroom-brand" content="${brand}">`,
      )
    : undefined;

  if (built) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      index: false,
      // One route per built file: directories (`/`, `/brands`) fall through to the SPA, not a 403.
      wildcard: false,
      setHeaders: (res, filePath) => {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/') && pathname !== '/api';
    if (!isPage) {
      return reply.code(404).send(envelope(`No such endpoint: ${request.method} ${pathname}`));
    }
    if (!indexHtml) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app has not been built yet: run `npm run build`, then start the server again.');
    }
    return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  });
}

export default fp(spaPlugin, { name: 'spa' });
