/**
 * My Vehicles calls of docs/product.md#vehicles under `/api` (signed in, own vehicles only).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@shared/api/errors.js';
import {
  addVehicleBodySchema,
  replaceInsuranceBodySchema,
  vehicleAnswerSchema,
  vehicleListAnswerSchema,
  vehicleParamsSchema,
} from '@shared/api/vehicles.js';
import type { Services } from '@server/services.js';
import { addVehicle, listMyVehicles, replaceInsuranceDocument } from './service.js';

const e = errorEnvelopeSchema;
const tags = ['vehicles'];

export async function vehicleRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { services } = opts;

  r.get(
    '/staff/my-vehicles',
    {
      schema: {
        summary: 'My vehicles with MOT and insurance state',
        tags,
        response: { 200: vehicleListAnswerSchema, 403: e },
      },
      preHandler: app.requireStaff,
    },
    async (request) => ({ data: await listMyVehicles({ services, staffId: request.session!.staffId }) }),
  );

  r.post(
    '/staff/my-vehicles',
    {
      schema: {
        summary: 'Add a vehicle with its insurance document (pending approval)',
        tags,
        body: addVehicleBodySchema,
        response: { 200: vehicleAnswerSchema, 400: e, 403: e, 409: e },
      },
      preHandler: app.requireStaff,
    },
    async (request) => ({
      data: await addVehicle({
        services,
        staffId: request.session!.staffId,
        registration: request.body.registration,
        insuranceDocument: request.body.insurance_document,
        ip: request.ip,
        log: request.log,
      }),
    }),
  );

  r.post(
    '/staff/vehicle/:id/insurance-document',
    {
      schema: {
        summary: 'Replace a vehicle’s insurance document (pending approval again)',
        tags,
        params: vehicleParamsSchema,
        body: replaceInsuranceBodySchema,
        response: { 200: vehicleAnswerSchema, 400: e, 403: e, 404: e },
      },
      preHandler: app.requireStaff,
    },
    async (request) => ({
      data: await replaceInsuranceDocument({
        services,
        staffId: request.session!.staffId,
        vehicleId: request.params.id,
        fileId: request.body.file_id,
        ip: request.ip,
      }),
    }),
  );
}
