/**
 * Team discount calls under `/api`: the member's status (docs/product.md#team-discount) and the till's check (docs/product.md#team-discount),
 * which authenticates with a venue's API key instead of a session (so it needs no XSRF token).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { discountStatusAnswerSchema, verifyCodeAnswerSchema, verifyCodeBodySchema } from '@shared/api/team-discount.js';
import { errorEnvelopeSchema } from '@shared/api/errors.js';
import type { Services } from '@server/services.js';
import { authenticateTill, getDiscountStatus, verifyTillCode } from './service.js';

const e = errorEnvelopeSchema;

export async function teamDiscountRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { services } = opts;

  r.get(
    '/staff/self-service/staff-discount-status',
    {
      schema: {
        summary: 'My team-discount card: code, QR, selfie and when the code regenerates',
        tags: ['team discount'],
        response: { 200: discountStatusAnswerSchema, 403: e, 409: e },
      },
      preHandler: app.requireStaff,
    },
    async (request) => ({ data: await getDiscountStatus({ services, person: request.session!.staff }) }),
  );

  r.post(
    '/discount/verify',
    {
      schema: {
        summary: 'For tills: check a team-discount code (Authorization: Bearer <till key>)',
        tags: ['team discount'],
        body: verifyCodeBodySchema,
        response: { 200: verifyCodeAnswerSchema, 400: e, 403: e, 429: e },
      },
      config: {
        xsrf: false,
        // Per address: a caller cannot escape it by sending a new made-up key each time.
        rateLimit: { max: 120, timeWindow: '1 minute', keyGenerator: (request) => `till:${request.ip}` },
      },
      preHandler: async (request) => {
        await authenticateTill({ services, authorization: request.headers.authorization });
      },
    },
    async (request) => ({ data: await verifyTillCode({ services, code: request.body.code }) }),
  );
}
