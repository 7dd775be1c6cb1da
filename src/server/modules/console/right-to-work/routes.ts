/** Right-to-work records in the console (docs/product.md#right-to-work-records), under `/api/admin`. */
import type { FastifyInstance } from 'fastify';
import {
  personRightToWorkAnswerSchema,
  recordRightToWorkBodySchema,
  rightToWorkCheckAnswerSchema,
  rightToWorkFileAnswerSchema,
  rightToWorkListAnswerSchema,
  rightToWorkPersonParamsSchema,
  rightToWorkQuerySchema,
} from '@shared/api/console/right-to-work.js';
import { consoleFileSchema } from '@shared/api/console/shared.js';
import type { Services } from '@server/services.js';
import { consoleRouteKit } from '@server/modules/console/shared/route-kit.js';
import {
  getPersonRightToWork,
  listRightToWork,
  recordRightToWorkCheck,
  uploadRightToWorkCopy,
} from './right-to-work.js';

export async function rightToWorkRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const { r, e, tags, signedIn, scopeOf } = consoleRouteKit(app, opts.services);
  const { services } = opts;

  r.get(
    '/admin/right-to-work',
    {
      schema: {
        summary: 'People without a right-to-work check, or whose permission expires within 90 days or has expired',
        tags,
        querystring: rightToWorkQuerySchema,
        response: { 200: rightToWorkListAnswerSchema, 400: e, 403: e },
      },
      ...signedIn,
    },
    async (request) => listRightToWork({ services, scope: await scopeOf(request), query: request.query }),
  );

  r.get(
    '/admin/people/:id/right-to-work',
    {
      schema: {
        summary: 'A person’s right-to-work checks and the copies a check may rest on',
        tags,
        params: rightToWorkPersonParamsSchema,
        response: { 200: personRightToWorkAnswerSchema, 403: e, 404: e },
      },
      ...signedIn,
    },
    async (request) => ({
      data: await getPersonRightToWork({ services, scope: await scopeOf(request), id: request.params.id }),
    }),
  );

  r.post(
    '/admin/people/:id/right-to-work',
    {
      schema: {
        summary: 'Record a right-to-work check or follow-up check (HR)',
        tags,
        params: rightToWorkPersonParamsSchema,
        body: recordRightToWorkBodySchema,
        response: { 200: rightToWorkCheckAnswerSchema, 400: e, 403: e, 404: e },
      },
      ...signedIn,
    },
    async (request) => ({
      data: await recordRightToWorkCheck({
        services,
        scope: await scopeOf(request),
        id: request.params.id,
        body: request.body,
        ip: request.ip,
      }),
    }),
  );

  r.post(
    '/admin/people/:id/right-to-work/files',
    {
      schema: {
        summary: 'Upload a copy of a right-to-work document for a person (HR)',
        tags,
        params: rightToWorkPersonParamsSchema,
        body: consoleFileSchema,
        response: { 200: rightToWorkFileAnswerSchema, 400: e, 403: e, 404: e, 413: e, 415: e, 429: e },
      },
      ...signedIn,
    },
    async (request) => ({
      data: await uploadRightToWorkCopy({
        services,
        scope: await scopeOf(request),
        id: request.params.id,
        filename: request.body.filename,
        fileData: request.body.file_data,
      }),
    }),
  );
}
