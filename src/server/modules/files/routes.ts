/**
 * File calls of docs/product.md#files under `/api`: a signed-in member's upload (the default call and the
 * document call), the signed download address of their own file, the stable path that opens it (or
 * downloads it), and the bytes behind a signed address (no session: it opens in a new window), served
 * with the sniffed type, nosniff and a sandboxing CSP.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema } from '@shared/api/errors.js';
import { downloadAnswerSchema, uploadFileAnswerSchema, uploadFileBodySchema } from '@shared/api/files.js';
import { AppError } from '@server/errors.js';
import type { Services } from '@server/services.js';
import { UPLOAD_BODY_LIMIT } from '@server/lib/http.js';
import { createDownload, openOwnFile, openSignedFile, withUri } from './downloads.js';
import { uploadFile } from './service.js';

const e = errorEnvelopeSchema;
const tags = ['files'];
/** Buckets a signed-in member may upload to. */
const STAFF_BUCKETS = ['documents'];

export async function fileRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { services } = opts;

  // The specification's default upload call and the staff document call are one upload.
  for (const [url, summary] of [
    [
      '/staff/self-service/upload-file',
      'Upload a file (the default upload call: PDF, JPEG, PNG or WebP, 10 MB at most)',
    ],
    [
      '/staff/self-service/file',
      'Upload a document (insurance and other staff documents: PDF, JPEG, PNG or WebP, 10 MB at most)',
    ],
  ] as const) {
    r.post(
      url,
      {
        schema: {
          summary,
          tags,
          body: uploadFileBodySchema,
          response: { 200: uploadFileAnswerSchema, 400: e, 403: e, 413: e, 415: e, 429: e },
        },
        bodyLimit: UPLOAD_BODY_LIMIT,
        preHandler: app.requireStaff,
      },
      async (request) => {
        const bucket = request.body.bucket ?? 'documents';
        if (!STAFF_BUCKETS.includes(bucket))
          throw new AppError('BAD_REQUEST', 'Files cannot be uploaded there.', [
            { field: 'bucket', error: 'is not a bucket you may use' },
          ]);
        const stored = await uploadFile({
          services,
          ownerStaffId: request.session!.staffId,
          bucket,
          fileData: request.body.file_data,
          filename: request.body.filename,
        });
        return { data: withUri(services, stored) };
      },
    );
  }

  // A stable same-origin path, whatever the storage: the in-app viewer (pdf.js fetches it, an <img> shows
  // it) and its Download link use it with the session, so the page's CSP needs no other origin.
  r.get(
    '/rest/file/open/:id',
    {
      schema: {
        summary:
          'Open one of my files: redirects to a fresh signed address (5 minutes), inline for images and PDFs, or as an attachment with disposition=attachment',
        tags,
        params: z.object({ id: z.string().max(64) }),
        querystring: z.object({
          disposition: z.enum(['inline', 'attachment']).default('inline').describe('attachment to download it'),
        }),
        response: { 302: z.null().describe('to the signed address'), 400: e, 403: e, 404: e },
      },
      preHandler: app.requireStaff,
    },
    async (request, reply) =>
      reply.redirect(
        await openOwnFile({
          services,
          staffId: request.session!.staffId,
          fileId: request.params.id,
          disposition: request.query.disposition,
        }),
        302,
      ),
  );

  r.get(
    '/rest/file/download/:id',
    {
      schema: {
        summary: 'A signed address of one of my files, valid for 5 minutes',
        tags,
        params: z.object({ id: z.string().max(64) }),
        response: { 200: downloadAnswerSchema, 403: e, 404: e },
      },
      preHandler: app.requireStaff,
    },
    async (request) => ({
      data: await createDownload({ services, staffId: request.session!.staffId, fileId: request.params.id }),
    }),
  );

  r.get(
    '/rest/file/content/:id',
    {
      schema: {
        summary: 'The bytes behind a signed address',
        tags,
        params: z.object({ id: z.string().max(64) }),
        querystring: z.object({
          expires: z.coerce.number().int(),
          disposition: z.enum(['inline', 'attachment']),
          sig: z.string().max(128),
        }),
        response: { 200: z.any().describe('the file'), 400: e, 403: e, 404: e },
      },
    },
    async (request, reply) => {
      const { row, bytes, disposition } = await openSignedFile({
        services,
        fileId: request.params.id,
        ...request.query,
      });
      const ascii = row.originalFilename.replace(/[^\w .()-]+/g, '_');
      return (
        reply
          .type(row.contentType)
          .header(
            'content-disposition',
            `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(row.originalFilename)}`,
          )
          .header('x-content-type-options', 'nosniff')
          .header(
            'content-security-policy',
            "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
          )
          .header('cache-control', 'private, no-store')
          // Inline pictures (a selfie) may be shown by a venue's web till on another origin.
          .header('cross-origin-resource-policy', disposition === 'inline' ? 'cross-origin' : 'same-origin')
          .send(bytes)
      );
    },
  );
}
