/**
 * What every console route file starts from (docs/product.md#console): the zod-typed router, the error
 * envelope and tag for `/api/docs`, the signed-in guard, and the caller's scope (shared/scope.ts), read
 * for each request so a change of role counts at once.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@shared/api/errors.js';
import type { Services } from '@server/services.js';
import { consoleScope, type ConsoleScope } from './scope.js';

/** The router and helpers one console screen's routes use; `scopeOf` throws FORBIDDEN without a console role. */
export function consoleRouteKit(app: FastifyInstance, services: Services) {
  return {
    r: app.withTypeProvider<ZodTypeProvider>(),
    e: errorEnvelopeSchema,
    tags: ['console'],
    signedIn: { preHandler: app.requireStaff },
    scopeOf: (request: FastifyRequest): Promise<ConsoleScope> =>
      consoleScope({ db: services.db, staffId: request.session!.staffId, role: request.session!.staff.role }),
  };
}
