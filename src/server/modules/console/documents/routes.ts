/** The console's documents: issue, preview, list and PDF (docs/product.md#console-documents), under `/api/admin`. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  documentParamsSchema,
  documentsAnswerSchema,
  documentsQuerySchema,
  documentsZipQuerySchema,
  personDocumentsZipParamsSchema,
  issueDocumentsAnswerSchema,
  issueDocumentsBodySchema,
  previewDocumentAnswerSchema,
  previewDocumentBodySchema,
} from '@shared/api/console/documents.js';
import { sendPdf } from '@server/lib/http.js';
import type { Services } from '@server/services.js';
import {
  consoleDocumentPdf,
  issueConsoleDocuments,
  listConsoleDocuments,
  previewConsoleDocument,
} from './documents.js';
import { z } from 'zod';
import { consoleRouteKit } from '@server/modules/console/shared/route-kit.js';
import { downloadSignedDocumentsZip, type ZipSelection } from './zip.js';

export async function documentsRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const { r, e, tags, signedIn, scopeOf } = consoleRouteKit(app, opts.services);
  const { services } = opts;
  const { consoleDb } = opts.services;

  /** Streams the zip of `selection`; the writing stops if the browser goes away. */
  const sendZip = async (request: FastifyRequest, reply: FastifyReply, selection: ZipSelection) => {
    const reader = new AbortController();
    reply.raw.once('close', () => reader.abort());
    const { filename, stream } = await downloadSignedDocumentsZip({
      services,
      scope: await scopeOf(request),
      selection,
      ip: request.ip,
      signal: reader.signal,
      log: request.log,
    });
    const ascii = filename.replace(/[^\w .()-]+/g, '_');
    return reply
      .type('application/zip')
      .header('cache-control', 'private, no-store')
      .header(
        'content-disposition',
        `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      )
      .send(stream);
  };

  r.get(
    '/admin/people/:id/documents.zip',
    {
      schema: {
        summary: 'Every document a person signed, each signed PDF with its evidence, as one zip (streamed)',
        tags,
        params: personDocumentsZipParamsSchema,
        response: { 200: z.any().describe('application/zip'), 400: e, 403: e, 404: e },
      },
      ...signedIn,
    },
    async (request, reply) => sendZip(request, reply, { personId: request.params.id }),
  );

  r.get(
    '/admin/documents.zip',
    {
      schema: {
        summary:
          'Every document signed by a venue’s people on the UK days from–to, with its evidence, as one zip (streamed)',
        tags,
        querystring: documentsZipQuerySchema,
        response: { 200: z.any().describe('application/zip'), 400: e, 403: e, 404: e },
      },
      ...signedIn,
    },
    async (request, reply) =>
      sendZip(request, reply, { venueId: request.query.venue_id, from: request.query.from, to: request.query.to }),
  );

  r.post(
    '/admin/documents/preview',
    {
      schema: {
        summary: 'What a contract or agreement template would show one person (nothing is stored)',
        tags,
        body: previewDocumentBodySchema,
        response: { 200: previewDocumentAnswerSchema, 400: e, 403: e, 404: e, 413: e, 415: e },
      },
      bodyLimit: 15 * 1024 * 1024,
      ...signedIn,
    },
    async (request) => ({
      data: await previewConsoleDocument({
        services,
        scope: await scopeOf(request),
        kind: request.body.kind,
        staffId: request.body.staff_id,
        choice: request.body,
        title: request.body.title,
      }),
    }),
  );

  r.post(
    '/admin/documents',
    {
      schema: {
        summary: 'Issue a contract or agreement from one template to one or many people, each with an emailed link',
        tags,
        body: issueDocumentsBodySchema,
        response: { 200: issueDocumentsAnswerSchema, 400: e, 403: e, 404: e, 413: e, 415: e },
      },
      bodyLimit: 15 * 1024 * 1024,
      ...signedIn,
    },
    async (request) => ({
      data: await issueConsoleDocuments({
        services,
        scope: await scopeOf(request),
        kind: request.body.kind,
        staffIds: request.body.staff_ids,
        choice: request.body,
        title: request.body.title,
      }),
    }),
  );

  r.get(
    '/admin/documents',
    {
      schema: {
        summary:
          'Documents issued to people the console may see, newest first: unsigned, signed or expired, searched, one page',
        tags,
        querystring: documentsQuerySchema,
        response: { 200: documentsAnswerSchema, 400: e, 403: e },
      },
      ...signedIn,
    },
    async (request) => listConsoleDocuments({ db: consoleDb, scope: await scopeOf(request), query: request.query }),
  );

  r.get(
    '/admin/documents/:documentId/pdf',
    {
      schema: {
        summary: 'A document’s PDF: once signed, the signed PDF with its certificate page',
        tags,
        params: documentParamsSchema,
        response: { 200: z.any().describe('application/pdf'), 403: e, 404: e },
      },
      ...signedIn,
    },
    async (request, reply) => {
      const { bytes, title } = await consoleDocumentPdf({
        services,
        scope: await scopeOf(request),
        id: request.params.documentId,
      });
      return sendPdf(reply, bytes, title);
    },
  );
}
