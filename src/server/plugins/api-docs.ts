/**
 * The OpenAPI description of the API, generated from the same zod schemas that validate each
 * request and serialise each answer (docs/architecture.md#wire-conventions), and its browsable
 * page at `/api/docs`. Registered before the routes so @fastify/swagger sees every one of them;
 * wrapped with fastify-plugin so it watches the whole app, not only this plugin's own scope. The console's
 * operations are described only to signed-in HR: staff and anonymous callers see the staff and public
 * operations, so the description is no map of what the console accepts.
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { APP_VERSION } from '@shared/constants.js';

/** The prefix of the console's operations (docs/product.md#console). */
const CONSOLE_PATHS = '/api/admin';

/** The description `request` may read: all of it for HR, without the console's operations for anyone else. */
function describedFor<Spec extends { paths?: Record<string, unknown> }>(spec: Spec, request: FastifyRequest): Spec {
  if (request.session?.staff.role === 'hr') return spec;
  const paths = Object.fromEntries(
    Object.entries(spec.paths ?? {}).filter(([path]) => !path.startsWith(CONSOLE_PATHS)),
  );
  return { ...spec, paths };
}

async function apiDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Staffroom API', version: APP_VERSION, description: 'Staff self-service portal API' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'staffroom-session' },
          xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    // A copy per request (the default), so HR's next read still has the console's operations.
    transformSpecification: (spec, request) => describedFor(spec, request),
  });
}

export default fp(apiDocs, { name: 'api-docs' });
