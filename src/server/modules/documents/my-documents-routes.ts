/**
 * My Documents calls of docs/product.md#my-documents under `/api` (signed in): the member's own
 * contracts and agreements by id, to read, sign and download; anyone else's answers 404.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  myDocumentAnswerSchema,
  myDocumentParamsSchema,
  myDocumentsAnswerSchema,
  signBodySchema,
} from '@shared/api/documents.js';
import { errorEnvelopeSchema } from '@shared/api/errors.js';
import { sendPdf } from '@server/lib/http.js';
import type { Services } from '@server/services.js';
import { listMyDocuments, myDocumentPdf, openMyDocument, signMyDocument } from './my-documents.js';
import { client } from './routes.js';

const e = errorEnvelopeSchema;
const tags = ['my documents'];
const base = '/staff/self-service/documents';

export async function myDocumentRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { services } = opts;
  const signedIn = { preHandler: app.requireStaff };

  r.get(
    base,
    {
      schema: {
        summary: 'Every contract and agreement issued to the signed-in member, newest first',
        tags,
        response: { 200: myDocumentsAnswerSchema, 403: e },
      },
      ...signedIn,
    },
    async (request) => ({ data: await listMyDocuments({ services, staffId: request.session!.staffId }) }),
  );

  r.get(
    `${base}/:id`,
    {
      schema: {
        summary: 'One of the member’s documents: its state, and its HTML or that it is a PDF',
        tags,
        params: myDocumentParamsSchema,
        response: { 200: myDocumentAnswerSchema, 400: e, 403: e, 404: e },
      },
      ...signedIn,
    },
    async (request) => ({
      data: await openMyDocument({
        services,
        staffId: request.session!.staffId,
        id: request.params.id,
        ...client(request),
      }),
    }),
  );

  r.post(
    `${base}/:id/sign`,
    {
      schema: {
        summary:
          'Sign one of the member’s waiting documents (409 once signed, for the onboarding contract, or expired)',
        tags,
        params: myDocumentParamsSchema,
        body: signBodySchema,
        response: { 200: myDocumentAnswerSchema, 400: e, 403: e, 404: e, 409: e },
      },
      ...signedIn,
    },
    async (request) => ({
      data: await signMyDocument({
        services,
        staffId: request.session!.staffId,
        id: request.params.id,
        signatureData: request.body.signature_data,
        ...client(request),
      }),
    }),
  );

  r.get(
    `${base}/:id/pdf`,
    {
      schema: {
        summary: 'One of the member’s documents as a PDF: once signed, the signed PDF with its certificate page',
        tags,
        params: myDocumentParamsSchema,
        response: { 200: z.any().describe('application/pdf'), 400: e, 403: e, 404: e },
      },
      ...signedIn,
    },
    async (request, reply) => {
      const { bytes, title } = await myDocumentPdf({
        services,
        staffId: request.session!.staffId,
        id: request.params.id,
      });
      return sendPdf(reply, bytes, title);
    },
  );
}
