/** Who is using the console: `GET /admin/me` (docs/product.md#console-roles), under `/api/admin`. */
import type { FastifyInstance } from 'fastify';
import { consoleMeAnswerSchema } from '@shared/api/console/shared.js';
import type { Services } from '@server/services.js';
import { usesPasswords } from '@server/modules/password-link/index.js';
import { getConsoleMe } from './me.js';
import { consoleRouteKit } from './route-kit.js';

export async function consoleMeRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const { r, e, tags, signedIn, scopeOf } = consoleRouteKit(app, opts.services);
  const { db } = opts.services;

  r.get(
    '/admin/me',
    {
      schema: {
        summary: 'The signed-in person’s console role, the venues they may see, and whether password links exist',
        tags,
        response: { 200: consoleMeAnswerSchema, 403: e },
      },
      ...signedIn,
    },
    async (request) => ({
      data: await getConsoleMe({
        db,
        scope: await scopeOf(request),
        passwordLinks: usesPasswords(opts.services.config),
      }),
    }),
  );
}
