/**
 * The OpenAPI description of the API, generated from the same zod schemas that validate each
 * request and serialise each answer (docs/architecture.md#wire-conventions), and its browsable
 * page at `/api/docs`. Registered before the routes so @fastify/swagger sees every one of them;
 * wrapped with fastify-plugin so it watches the whole app, not only this plugin's own scope.
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { APP_VERSION } from '@shared/constants.js';

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
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}

export default fp(apiDocs, { name: 'api-docs' });
