/**
 * HTTP helpers: which requests reach the API, the body limit of uploads, and how a PDF is sent
 * (inline, never cached, never sniffed).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BODY_LENGTH } from '@shared/upload-rules.js';

/**
 * True when the router sent the request to an API handler, whatever spelling of its path reached it
 * (`/%61pi/...`): decisions about a request go by the route, never by the raw address.
 */
export const isApiRoute = (request: FastifyRequest): boolean => request.routeOptions.url?.startsWith('/api/') ?? false;

/** Body limit of upload routes: the largest data URL and a little room for the JSON around it. */
export const UPLOAD_BODY_LIMIT = MAX_UPLOAD_BODY_LENGTH + 16 * 1024;

/** Sends PDF bytes to be shown in the page's viewer, with a safe file name for saving. */
export function sendPdf(reply: FastifyReply, bytes: Uint8Array, title: string): FastifyReply {
  const ascii =
    title
      .replace(/[^\w .()-]+/g, '')
      .trim()
      .slice(0, 100) || 'document';
  return reply
    .type('application/pdf')
    .header('cache-control', 'private, no-store')
    .header(
      'content-disposition',
      `inline; filename="${ascii}.pdf"; filename*=UTF-8''${encodeURIComponent(`${title}.pdf`)}`,
    )
    .send(Buffer.from(bytes));
}
