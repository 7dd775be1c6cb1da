/**
 * The password link's calls (docs/product.md#password-links) under `/api`, reached with the link token
 * and no session, on the per-address budget every link-token route shares (plugins/link-token-limit.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@shared/api/errors.js';
import {
  passwordLinkAnswerSchema,
  passwordSetAnswerSchema,
  setLinkPasswordBodySchema,
  tokenParamsSchema,
} from '@shared/api/password-link.js';
import type { Services } from '@server/services.js';
import { getPasswordLink, setPasswordFromLink } from './service.js';

const e = errorEnvelopeSchema;
const tags = ['password-link'];

export async function passwordLinkRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { services } = opts;
  app.addHook('onRequest', app.limitLinkTokens);
  const path = '/staff/password-link/:token';

  r.get(
    path,
    {
      schema: {
        summary:
          'Whom a set-your-password link is for: their name and brand (404 for an unknown, expired or used link)',
        tags,
        params: tokenParamsSchema,
        response: { 200: passwordLinkAnswerSchema, 404: e, 429: e },
      },
    },
    async (request) => ({ data: await getPasswordLink({ services, token: request.params.token }) }),
  );

  r.post(
    path,
    {
      schema: {
        summary:
          'Set the password by the onboarding password step’s rules; ends the member’s sessions, and the link stops working',
        tags,
        params: tokenParamsSchema,
        body: setLinkPasswordBodySchema,
        response: { 200: passwordSetAnswerSchema, 400: e, 404: e, 429: e },
      },
    },
    async (request) => {
      await setPasswordFromLink({
        services,
        token: request.params.token,
        password: request.body.password,
        passwordCheck: request.body.password_check,
        ip: request.ip,
      });
      return { data: { password_set: true as const } };
    },
  );
}
