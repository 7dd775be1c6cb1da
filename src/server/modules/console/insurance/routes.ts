/** The console's insurance queue (docs/product.md#insurance-queue), under `/api/admin`. */
import type { FastifyInstance } from 'fastify';
import {
  approveInsuranceBodySchema,
  insuranceDecisionAnswerSchema,
  insuranceQueueAnswerSchema,
  rejectInsuranceBodySchema,
  vehicleParamsSchema,
} from '@shared/api/console/insurance.js';
import type { Services } from '@server/services.js';
import { decideInsurance, listInsuranceQueue } from './insurance.js';
import { consoleRouteKit } from '@server/modules/console/shared/route-kit.js';

export async function insuranceRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const { r, e, tags, signedIn, scopeOf } = consoleRouteKit(app, opts.services);
  const { services } = opts;

  r.get(
    '/admin/insurance',
    {
      schema: {
        summary: 'Insurance documents waiting for a decision, oldest first',
        tags,
        response: { 200: insuranceQueueAnswerSchema, 403: e },
      },
      ...signedIn,
    },
    async (request) => ({ data: await listInsuranceQueue({ services, scope: await scopeOf(request) }) }),
  );

  r.post(
    '/admin/insurance/:vehicleId/approve',
    {
      schema: {
        summary: 'Approve a vehicle’s insurance document, with the last day of its cover',
        tags,
        params: vehicleParamsSchema,
        body: approveInsuranceBodySchema,
        response: { 200: insuranceDecisionAnswerSchema, 400: e, 403: e, 404: e, 409: e },
      },
      ...signedIn,
    },
    async (request) => ({
      data: await decideInsurance({
        services,
        scope: await scopeOf(request),
        vehicleId: request.params.vehicleId,
        documentId: request.body.document_id,
        decision: { coverEnds: request.body.cover_ends },
      }),
    }),
  );

  r.post(
    '/admin/insurance/:vehicleId/reject',
    {
      schema: {
        summary: 'Reject a vehicle’s insurance document with the reason the member sees',
        tags,
        params: vehicleParamsSchema,
        body: rejectInsuranceBodySchema,
        response: { 200: insuranceDecisionAnswerSchema, 400: e, 403: e, 404: e, 409: e },
      },
      ...signedIn,
    },
    async (request) => ({
      data: await decideInsurance({
        services,
        scope: await scopeOf(request),
        vehicleId: request.params.vehicleId,
        documentId: request.body.document_id,
        decision: { reason: request.body.reason },
      }),
    }),
  );
}
