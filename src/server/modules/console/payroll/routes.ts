/** The console's payroll export (docs/product.md#payroll-hand-off), under `/api/admin`. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { payrollQuerySchema } from '@shared/api/console/payroll.js';
import type { Services } from '@server/services.js';
import { requireHr } from '@server/modules/console/shared/scope.js';
import { exportPayroll } from './payroll.js';
import { z } from 'zod';
import { consoleRouteKit } from '@server/modules/console/shared/route-kit.js';

export async function payrollRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const { r, e, tags, scopeOf } = consoleRouteKit(app, opts.services);
  const { services } = opts;
  const { db } = opts.services;

  r.get(
    '/admin/payroll.csv',
    {
      schema: {
        summary:
          'New starters’ details for payroll, bank details included, as CSV (HR, needs a second factor in the last 15 minutes)',
        tags,
        querystring: payrollQuerySchema,
        response: { 200: z.any().describe('text/csv'), 400: e, 402: e, 403: e },
      },
      preHandler: [
        app.requireStaff,
        async (request: FastifyRequest) => requireHr(await scopeOf(request)),
        app.requireStepUp,
      ],
    },
    async (request, reply) => {
      const { csv } = await exportPayroll({
        db,
        fieldKeys: services.fieldKeys,
        scope: await scopeOf(request),
        since: request.query.since,
        ip: request.ip,
        log: request.log,
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="new-starters-since-${request.query.since}.csv"`)
        .send(csv);
    },
  );
}
