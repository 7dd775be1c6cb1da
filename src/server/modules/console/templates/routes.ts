/** The console's stored templates (docs/product.md#document-templates), under `/api/admin`. */
import type { FastifyInstance } from 'fastify';
import { previewDocumentAnswerSchema } from '@shared/api/console/documents.js';
import {
  previewTemplateBodySchema,
  templateAnswerSchema,
  templateParamsSchema,
  templatesAnswerSchema,
  templatesQuerySchema,
  uploadTemplateBodySchema,
} from '@shared/api/console/templates.js';
import type { Services } from '@server/services.js';
import {
  archiveConsoleTemplate,
  listConsoleTemplates,
  previewConsoleTemplate,
  uploadConsoleTemplate,
} from './templates.js';
import { consoleRouteKit } from '@server/modules/console/shared/route-kit.js';

export async function templatesRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const { r, e, tags, signedIn, scopeOf } = consoleRouteKit(app, opts.services);
  const { services } = opts;

  r.get(
    '/admin/templates',
    {
      schema: {
        summary: 'Stored contract and agreement templates (archived ones too with archived=true, HR)',
        tags,
        querystring: templatesQuerySchema,
        response: { 200: templatesAnswerSchema, 400: e, 403: e },
      },
      ...signedIn,
    },
    async (request) => ({
      data: await listConsoleTemplates({
        services,
        scope: await scopeOf(request),
        archived: request.query.archived === 'true',
      }),
    }),
  );

  r.post(
    '/admin/templates',
    {
      schema: {
        summary: 'Upload a contract or agreement template, HTML with merge fields or a PDF (HR)',
        tags,
        body: uploadTemplateBodySchema,
        response: { 200: templateAnswerSchema, 400: e, 403: e, 409: e, 413: e, 415: e },
      },
      bodyLimit: 15 * 1024 * 1024,
      ...signedIn,
    },
    async (request) => ({
      data: await uploadConsoleTemplate({
        services,
        scope: await scopeOf(request),
        name: request.body.name,
        kind: request.body.kind,
        template: request.body.template,
        ip: request.ip,
      }),
    }),
  );

  r.post(
    '/admin/templates/:templateId/preview',
    {
      schema: {
        summary: 'A stored template as a chosen person will see it (nothing is stored)',
        tags,
        params: templateParamsSchema,
        body: previewTemplateBodySchema,
        response: { 200: previewDocumentAnswerSchema, 400: e, 403: e, 404: e },
      },
      ...signedIn,
    },
    async (request) => ({
      data: await previewConsoleTemplate({
        services,
        scope: await scopeOf(request),
        id: request.params.templateId,
        staffId: request.body.staff_id,
      }),
    }),
  );

  r.post(
    '/admin/templates/:templateId/archive',
    {
      schema: {
        summary: 'Archive a template: no longer offered; what was issued from it stays (HR)',
        tags,
        params: templateParamsSchema,
        response: { 200: templateAnswerSchema, 403: e, 404: e },
      },
      ...signedIn,
    },
    async (request) => ({
      data: await archiveConsoleTemplate({
        services,
        scope: await scopeOf(request),
        id: request.params.templateId,
        ip: request.ip,
      }),
    }),
  );
}
