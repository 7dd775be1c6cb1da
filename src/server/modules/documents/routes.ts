/**
 * Contract and agreement calls of docs/product.md#documents under `/api`, reached with their own link token:
 * `GET /staff/employment/contract/<token>?include=rendered`, `.../sign`, `.../pdf`, and
 * `GET|POST /staff/agreement/<token>`, `.../pdf`. Signing twice answers 409 and changes nothing. And the
 * public `POST /verify`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  agreementAnswerSchema,
  contractAnswerSchema,
  documentQuerySchema,
  signBodySchema,
  tokenParamsSchema,
  verifyAnswerSchema,
  verifyBodySchema,
} from '@shared/api/documents.js';
import { errorEnvelopeSchema } from '@shared/api/errors.js';
import type { Services } from '@server/services.js';
import { sendPdf } from '@server/lib/http.js';
import { MAX_VERIFY_PDF_BYTES } from '@shared/upload-rules.js';
import {
  documentPdfByToken,
  openDocumentByToken,
  signDocumentByToken,
  toAgreement,
  toContract,
  verifyDocument,
  type DocumentKind,
} from './service.js';

const e = errorEnvelopeSchema;
/** The caller's address and browser, as the evidence records them. */
export const client = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? '' });
const includesRendered = (include: string | undefined) =>
  (include ?? '')
    .split(',')
    .map((s) => s.trim())
    .includes('rendered');

export async function documentRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { services } = opts;
  // Every call here is limited per address, together (plugins/link-token-limit.ts).
  app.addHook('onRequest', app.limitLinkTokens);

  const sign = (kind: DocumentKind, request: FastifyRequest, token: string, signatureData: string) =>
    signDocumentByToken({ services, kind, token, signatureData, ...client(request) });

  r.get(
    '/staff/employment/contract/:token',
    {
      schema: {
        summary: 'A contract to read and sign (HTML with include=rendered, or a PDF file id)',
        tags: ['contracts'],
        params: tokenParamsSchema,
        querystring: documentQuerySchema,
        response: { 200: contractAnswerSchema, 404: e, 429: e },
      },
    },
    async (request) => {
      const row = await openDocumentByToken({
        services,
        kind: 'contract',
        token: request.params.token,
        ...client(request),
      });
      return { data: toContract(row, includesRendered(request.query.include)) };
    },
  );

  r.post(
    '/staff/employment/contract/:token/sign',
    {
      schema: {
        summary: 'Sign the contract (409 when already signed)',
        tags: ['contracts'],
        params: tokenParamsSchema,
        body: signBodySchema,
        response: { 200: contractAnswerSchema, 400: e, 404: e, 409: e, 429: e },
      },
    },
    async (request) => ({
      data: toContract(await sign('contract', request, request.params.token, request.body.signature_data)),
    }),
  );

  r.get(
    '/staff/employment/contract/:token/pdf',
    {
      schema: {
        summary: 'The contract PDF; once signed, the signed PDF with its certificate page',
        tags: ['contracts'],
        params: tokenParamsSchema,
        response: { 200: z.any().describe('application/pdf'), 404: e, 429: e },
      },
    },
    async (request, reply) => {
      const { bytes, title } = await documentPdfByToken({ services, kind: 'contract', token: request.params.token });
      return sendPdf(reply, bytes, title);
    },
  );

  r.get(
    '/staff/agreement/:token',
    {
      schema: {
        summary: 'An agreement to read and sign (template HTML with include=rendered, or a PDF file id)',
        tags: ['agreements'],
        params: tokenParamsSchema,
        querystring: documentQuerySchema,
        response: { 200: agreementAnswerSchema, 404: e, 429: e },
      },
    },
    async (request) => {
      const row = await openDocumentByToken({
        services,
        kind: 'agreement',
        token: request.params.token,
        ...client(request),
      });
      return { data: toAgreement(row, includesRendered(request.query.include)) };
    },
  );

  r.post(
    '/staff/agreement/:token',
    {
      schema: {
        summary: 'Sign the agreement (409 when already signed)',
        tags: ['agreements'],
        params: tokenParamsSchema,
        body: signBodySchema,
        response: { 200: agreementAnswerSchema, 400: e, 404: e, 409: e, 429: e },
      },
    },
    async (request) => ({
      data: toAgreement(await sign('agreement', request, request.params.token, request.body.signature_data)),
    }),
  );

  r.get(
    '/staff/agreement/:token/pdf',
    {
      schema: {
        summary: 'The agreement PDF; once signed, the signed PDF with its certificate page',
        tags: ['agreements'],
        params: tokenParamsSchema,
        response: { 200: z.any().describe('application/pdf'), 404: e, 429: e },
      },
    },
    async (request, reply) => {
      const { bytes, title } = await documentPdfByToken({ services, kind: 'agreement', token: request.params.token });
      return sendPdf(reply, bytes, title);
    },
  );
}

/** Room for a 20 MB PDF as a base64 data URL in JSON. */
const VERIFY_BODY_LIMIT = Math.ceil((MAX_VERIFY_PDF_BYTES * 4) / 3) + 64 * 1024;

/**
 * `POST /verify` (docs/product.md#verify): public, no sign-in, limited per address; the upload is
 * checked in memory and never stored.
 */
export async function verifyRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/verify',
    {
      schema: {
        summary: 'Whether a PDF was signed with this Staffroom and is unchanged since (the upload is not stored)',
        tags: ['documents'],
        body: verifyBodySchema,
        response: { 200: verifyAnswerSchema, 400: e, 413: e, 429: e },
      },
      bodyLimit: VERIFY_BODY_LIMIT,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request) => ({
      data: await verifyDocument({ services: opts.services, fileData: request.body.file_data }),
    }),
  );
}
