/**
 * HTTP helpers shared by the link-token routes: the per-address rate limit of token lookups, the
 * body limit of uploads, and how a PDF is sent (inline, never cached, never sniffed).
 */
import type { FastifyReply } from 'fastify';
import { MAX_UPLOAD_BYTES } from '../../../shared/api/files.js';
import type { AppConfig } from '../../config.js';

/** Base64 is 4/3 of the bytes; a little room for the JSON around it. */
export const UPLOAD_BODY_LIMIT = Math.ceil((MAX_UPLOAD_BYTES * 4) / 3) + 64 * 1024;

/** Route config: link-token lookups per minute from one address (DESIGN.md: lookups are rate-limited). */
export const tokenRouteConfig = (config: Pick<AppConfig, 'tokenLookupsPerMinute'>) => ({
  rateLimit: { max: config.tokenLookupsPerMinute, timeWindow: '1 minute' },
});

/** Sends PDF bytes to be shown in the page's viewer, with a safe file name for saving. */
export function sendPdf(reply: FastifyReply, bytes: Uint8Array, title: string): FastifyReply {
  const ascii = title.replace(/[^\w .()-]+/g, '').trim().slice(0, 100) || 'document';
  return reply
    .type('application/pdf')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `inline; filename="${ascii}.pdf"; filename*=UTF-8''${encodeURIComponent(`${title}.pdf`)}`)
    .send(Buffer.from(bytes));
}
