/**
 * Subject-access downloads (docs/product.md#subject-access): the member's own "My data" zip under
 * `/api/staff/self-service/my-data`, and `sendSubjectAccessZip`, which HR's route on a person's page
 * (modules/console/people) answers with. Both need a second factor in the last 15 minutes, like a view
 * of bank details, are rate-limited per signed-in person and audited before the first byte.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema } from '@shared/api/errors.js';
import type { Services } from '@server/services.js';
import type { SubjectAccessAudience } from './gather.js';
import { exportSubjectAccess } from './export.js';

/** Downloads a signed-in member may make in an hour (a 402 before the step-up counts too). */
const MY_DATA_PER_HOUR = 10;

/** The rate limit of a subject-access route: `max` an hour per signed-in person. */
export const subjectAccessRateLimit = (name: string, max: number) => ({
  rateLimit: {
    max,
    timeWindow: '1 hour',
    keyGenerator: (request: FastifyRequest) => `${name}:${request.session?.staffId ?? request.ip}`,
  },
});

/**
 * Streams the zip of `staffId` as an attachment; the writing stops if the browser goes away.
 * @throws AppError NOT_FOUND for an unknown person (before anything is sent).
 */
export async function sendSubjectAccessZip(opts: {
  services: Services;
  request: FastifyRequest;
  reply: FastifyReply;
  staffId: string;
  audience: SubjectAccessAudience;
}): Promise<FastifyReply> {
  const { request, reply } = opts;
  const reader = new AbortController();
  reply.raw.once('close', () => reader.abort());
  const { filename, stream } = await exportSubjectAccess({
    services: opts.services,
    staffId: opts.staffId,
    audience: opts.audience,
    actorId: request.session!.staffId,
    ip: request.ip,
    signal: reader.signal,
    log: request.log,
  });
  const ascii = filename.replace(/[^\w .()-]+/g, '_');
  return reply
    .type('application/zip')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`)
    .send(stream);
}

export async function subjectAccessRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const e = errorEnvelopeSchema;

  r.get(
    '/staff/self-service/my-data',
    {
      schema: {
        summary:
          'Everything held about the signed-in member as one zip: summary.html, data.json and files/ (streamed; needs a second factor in the last 15 minutes)',
        tags: ['my details'],
        response: { 200: z.any().describe('application/zip'), 402: e, 403: e, 429: e },
      },
      config: subjectAccessRateLimit('my-data', MY_DATA_PER_HOUR),
      preHandler: [app.requireStaff, app.requireStepUp],
    },
    async (request, reply) =>
      sendSubjectAccessZip({
        services: opts.services,
        request,
        reply,
        staffId: request.session!.staffId,
        audience: 'self',
      }),
  );
}
