/**
 * Two-factor calls of docs/product.md#two-factor under `/api` (signed in): my methods, initiate, verify. Verifying is
 * rate-limited per session and per member; a pass moves the session to a new id.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { STEP_UP_MINUTES } from '@shared/constants.js';
import { errorEnvelopeSchema } from '@shared/api/errors.js';
import {
  initiateAnswerSchema,
  methodParamsSchema,
  myMethodsAnswerSchema,
  myMethodsQuerySchema,
  verifyAnswerSchema,
  verifyBodySchema,
  verifyParamsSchema,
} from '@shared/api/two-factor.js';
import { AppError } from '@server/errors.js';
import type { Services } from '@server/services.js';
import { initiateChallenge, listMyMethods, verifyChallenge } from './service.js';

const e = errorEnvelopeSchema;
const tags = ['two-factor'];

/** Verify attempts per minute: per session, and per member across all their sessions. */
export const VERIFY_LIMITS = { perSession: 10, perMember: 20 } as const;

export async function twoFactorRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { services } = opts;
  const perSession = app.createRateLimit({
    groupId: 'tfa-verify-session',
    max: VERIFY_LIMITS.perSession,
    timeWindow: 60_000,
    keyGenerator: (req) => `tfa-session:${req.session?.tokenHash}`,
  });
  const perMember = app.createRateLimit({
    groupId: 'tfa-verify-member',
    max: VERIFY_LIMITS.perMember,
    timeWindow: 60_000,
    keyGenerator: (req) => `tfa-member:${req.session?.staffId}`,
  });
  const limitVerify = async (request: FastifyRequest) => {
    for (const check of [perSession, perMember]) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded)
        throw new AppError('TOO_MANY_REQUESTS', 'Too many attempts. Please wait a minute and try again.');
    }
  };

  r.get(
    '/bouncer/tfa/my-methods',
    {
      schema: {
        summary: 'The signed-in member’s second-factor methods',
        tags,
        querystring: myMethodsQuerySchema,
        response: { 200: myMethodsAnswerSchema, 403: e },
      },
      preHandler: app.requireStaff,
    },
    async (request) =>
      listMyMethods({
        services,
        staffId: request.session!.staffId,
        page: request.query.page,
        includeType: (request.query.include ?? '').split(',').includes('type'),
      }),
  );

  r.post(
    '/bouncer/tfa-logged-in/initiate/:methodId',
    {
      schema: {
        summary: 'Start a second-factor check: sends the code (email or text); answers the check id to verify',
        tags,
        params: methodParamsSchema,
        response: { 200: initiateAnswerSchema, 403: e, 404: e, 429: e },
      },
      preHandler: app.requireStaff,
    },
    async (request) =>
      initiateChallenge({
        services,
        staffId: request.session!.staffId,
        sessionTokenHash: request.session!.tokenHash,
        methodId: request.params.methodId,
      }),
  );

  r.post(
    '/bouncer/tfa-logged-in/:code/verify',
    {
      schema: {
        summary: 'Verify the code of a check; the session may then make sensitive changes for 15 minutes',
        tags,
        params: verifyParamsSchema,
        body: verifyBodySchema,
        response: { 200: verifyAnswerSchema, 400: e, 403: e, 404: e, 429: e },
      },
      preHandler: [app.requireStaff, limitVerify],
    },
    async (request, reply) => {
      await verifyChallenge({
        services,
        staffId: request.session!.staffId,
        sessionTokenHash: request.session!.tokenHash,
        challengeId: request.params.code,
        code: request.body.code,
        ip: request.ip,
      });
      const session = await app.stepUpSession(request, reply);
      return {
        data: {
          verified: true as const,
          valid_until: new Date(session.steppedUpAt!.getTime() + STEP_UP_MINUTES * 60_000).toISOString(),
        },
      };
    },
  );
}
