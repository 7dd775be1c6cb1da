/** The console's joiners board and onboarding links (docs/product.md#joiners), under `/api/admin`. */
import type { FastifyInstance } from 'fastify';
import { invitationAnswerSchema, inviteBodySchema, joinersAnswerSchema } from '@shared/api/console/joiners.js';
import { personParamsSchema } from '@shared/api/console/people.js';
import type { Services } from '@server/services.js';
import { inviteFromConsole, listJoiners, resendJoinerLink, revokeJoinerLink } from './joiners.js';
import { z } from 'zod';
import { consoleRouteKit } from '@server/modules/console/shared/route-kit.js';

export async function joinersRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const { r, e, tags, signedIn, scopeOf } = consoleRouteKit(app, opts.services);
  const { services } = opts;
  const { db, consoleDb } = opts.services;

  r.get(
    '/admin/joiners',
    {
      schema: {
        summary: 'Joiners by onboarding stage, with how long each has waited',
        tags,
        response: { 200: joinersAnswerSchema, 403: e },
      },
      ...signedIn,
    },
    async (request) => ({ data: await listJoiners({ db: consoleDb, scope: await scopeOf(request) }) }),
  );

  r.post(
    '/admin/joiners',
    {
      schema: {
        summary: 'Invite a joiner to one of your venues: the onboarding link is emailed',
        tags,
        body: inviteBodySchema,
        response: { 200: invitationAnswerSchema, 400: e, 403: e, 409: e },
      },
      ...signedIn,
    },
    async (request) => ({
      data: await inviteFromConsole({ services, scope: await scopeOf(request), body: request.body }),
    }),
  );

  r.post(
    '/admin/joiners/:id/resend',
    {
      schema: {
        summary: 'Send a joiner a new onboarding link (the old one stops working)',
        tags,
        params: personParamsSchema,
        response: { 200: invitationAnswerSchema, 403: e, 404: e, 409: e },
      },
      ...signedIn,
    },
    async (request) => ({
      data: await resendJoinerLink({ services, scope: await scopeOf(request), id: request.params.id }),
    }),
  );

  r.post(
    '/admin/joiners/:id/revoke',
    {
      schema: {
        summary: 'Stop a joiner’s onboarding link working',
        tags,
        params: personParamsSchema,
        response: { 204: z.null().describe('revoked'), 403: e, 404: e, 409: e },
      },
      ...signedIn,
    },
    async (request, reply) => {
      await revokeJoinerLink({ db, scope: await scopeOf(request), id: request.params.id, ip: request.ip });
      return reply.code(204).send(null);
    },
  );
}
