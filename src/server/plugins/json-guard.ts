/**
 * The JSON body parser, with one guard: PostgreSQL text cannot hold NUL, so a body carrying one
 * (raw or as the `\u0000` escape) would fail deep in a query as a 500. It is refused at the door as
 * a 400 in the error envelope (docs/architecture.md#wire-conventions); anything else is parsed as
 * Fastify parses JSON, its prototype-poisoning checks included. Wrapped with fastify-plugin so the
 * parser serves every route, not only those registered inside this plugin.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '@server/errors.js';

async function jsonGuard(app: FastifyInstance): Promise<void> {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.includes('\\u0000') || text.includes('\u0000')) {
      done(new AppError('BAD_REQUEST', 'The request contains a character that is not allowed (NUL).'), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}

export default fp(jsonGuard, { name: 'json-guard' });
