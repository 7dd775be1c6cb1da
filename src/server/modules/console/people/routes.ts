/** The console's people list, a person's page and the actions on a person (docs/product.md#people), under `/api/admin`. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  addPersonBodySchema,
  erasureDoneAnswerSchema,
  erasurePlanAnswerSchema,
  leavingBodySchema,
  passwordLinkSentAnswerSchema,
  rehireBodySchema,
  peopleAnswerSchema,
  peopleQuerySchema,
  personAnswerSchema,
  personParamsSchema,
  roleBodySchema,
  subjectAccessParamsSchema,
} from '@shared/api/console/people.js';
import type { Services } from '@server/services.js';
import { requireHr } from '@server/modules/console/shared/scope.js';
import { addConsolePerson } from './add-person.js';
import { sendPersonPasswordLink } from './password-link.js';
import { getPerson, listPeople, markTrainingComplete, resetPersonSelfie } from './people.js';
import { setConsoleRole } from './roles.js';
import { cancelLeaving, recordLeaving, rehireLeaver } from './leaving.js';
import { consoleRouteKit } from '@server/modules/console/shared/route-kit.js';
import { eraseOnRequest, planErasure } from '@server/modules/housekeeping/index.js';
import { sendSubjectAccessZip, subjectAccessRateLimit } from '@server/modules/subject-access/index.js';

/** Subject-access zips HR may make in an hour. */
const SUBJECT_ACCESS_PER_HOUR = 60;

export async function peopleRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const { r, e, tags, signedIn, scopeOf } = consoleRouteKit(app, opts.services);
  const { services } = opts;
  const { db, consoleDb } = opts.services;

  r.get(
    '/admin/people',
    {
      schema: {
        summary: 'People the console may see: searched, sorted, one page',
        tags,
        querystring: peopleQuerySchema,
        response: { 200: peopleAnswerSchema, 400: e, 403: e },
      },
      ...signedIn,
    },
    async (request) =>
      listPeople({ db: consoleDb, scope: await scopeOf(request), query: request.query, secrets: services }),
  );

  r.get(
    '/admin/people/:id',
    {
      schema: {
        summary: 'A person’s page: details (bank details masked), documents, vehicles, history',
        tags,
        params: personParamsSchema,
        response: { 200: personAnswerSchema, 403: e, 404: e },
      },
      ...signedIn,
    },
    async (request) => ({ data: await getPerson({ db, scope: await scopeOf(request), id: request.params.id }) }),
  );

  r.get(
    '/admin/people/:id/subject-access.zip',
    {
      schema: {
        summary:
          'Everything held about a person, leavers too, as one zip: summary.html, data.json, files/ (HR, needs a second factor in the last 15 minutes; streamed)',
        tags,
        params: subjectAccessParamsSchema,
        response: { 200: z.any().describe('application/zip'), 400: e, 402: e, 403: e, 404: e, 429: e },
      },
      config: subjectAccessRateLimit('subject-access', SUBJECT_ACCESS_PER_HOUR),
      preHandler: [
        app.requireStaff,
        async (request: FastifyRequest) => requireHr(await scopeOf(request)),
        app.requireStepUp,
      ],
    },
    async (request, reply) =>
      sendSubjectAccessZip({ services, request, reply, staffId: request.params.id, audience: 'hr' }),
  );

  r.post(
    '/admin/people/:id/selfie-reset',
    {
      schema: {
        summary: 'Remove a person’s picture so they can take a new one',
        tags,
        params: personParamsSchema,
        response: { 200: personAnswerSchema, 403: e, 404: e },
      },
      ...signedIn,
    },
    async (request) => ({
      data: await resetPersonSelfie({ services, scope: await scopeOf(request), id: request.params.id }),
    }),
  );

  r.post(
    '/admin/people/:id/training-complete',
    {
      schema: {
        summary: 'Mark a person’s initial training complete',
        tags,
        params: personParamsSchema,
        response: { 200: personAnswerSchema, 403: e, 404: e },
      },
      ...signedIn,
    },
    async (request) => ({
      data: await markTrainingComplete({ db, scope: await scopeOf(request), id: request.params.id, ip: request.ip }),
    }),
  );

  r.post(
    '/admin/people/:id/role',
    {
      schema: {
        summary: 'Grant or revoke a console role (HR only, needs a second factor in the last 15 minutes)',
        tags,
        params: personParamsSchema,
        body: roleBodySchema,
        response: { 200: personAnswerSchema, 400: e, 402: e, 403: e, 404: e },
      },
      preHandler: [
        app.requireStaff,
        async (request: FastifyRequest) => requireHr(await scopeOf(request)),
        app.requireStepUp,
      ],
    },
    async (request) => {
      const scope = await scopeOf(request);
      // The person must be one the console may see before anything changes.
      await getPerson({ db, scope, id: request.params.id });
      await setConsoleRole({
        db,
        staffId: request.params.id,
        role: request.body.role,
        venueIds: request.body.venue_ids ?? [],
        actor: `staff:${scope.actorId}`,
        ip: request.ip,
      });
      return { data: await getPerson({ db, scope, id: request.params.id }) };
    },
  );

  r.post(
    '/admin/people/:id/leaving',
    {
      schema: {
        summary:
          'Record or change a person’s leaving: last working day and reason, or “leave now” (access ends at once)',
        tags,
        params: personParamsSchema,
        body: leavingBodySchema,
        response: { 200: personAnswerSchema, 400: e, 403: e, 404: e, 409: e },
      },
      ...signedIn,
    },
    async (request) => {
      const scope = await scopeOf(request);
      // The person must be one the console may see before anything changes.
      const { id } = await getPerson({ db, scope, id: request.params.id });
      await recordLeaving({
        services,
        staffId: id,
        leavingDate: request.body.leaving_date,
        reason: request.body.reason,
        leaveNow: request.body.leave_now,
        actor: `staff:${scope.actorId}`,
        ip: request.ip,
      });
      return { data: await getPerson({ db, scope, id }) };
    },
  );

  r.post(
    '/admin/people/:id/leaving/cancel',
    {
      schema: {
        summary: 'Cancel a person’s leaving before it takes effect',
        tags,
        params: personParamsSchema,
        response: { 200: personAnswerSchema, 403: e, 404: e, 409: e },
      },
      ...signedIn,
    },
    async (request) => {
      const scope = await scopeOf(request);
      const { id } = await getPerson({ db, scope, id: request.params.id });
      await cancelLeaving({ services, staffId: id, actor: `staff:${scope.actorId}`, ip: request.ip });
      return { data: await getPerson({ db, scope, id }) };
    },
  );

  r.post(
    '/admin/people/:id/rehire',
    {
      schema: {
        summary: 'Re-hire a leaver from a start date after their leaving date, with their history',
        tags,
        params: personParamsSchema,
        body: rehireBodySchema,
        response: { 200: personAnswerSchema, 400: e, 403: e, 404: e, 409: e },
      },
      ...signedIn,
    },
    async (request) => {
      const scope = await scopeOf(request);
      const { id } = await getPerson({ db, scope, id: request.params.id });
      await rehireLeaver({
        services,
        staffId: id,
        startDate: request.body.start_date,
        actor: `staff:${scope.actorId}`,
        ip: request.ip,
      });
      return { data: await getPerson({ db, scope, id }) };
    },
  );

  r.post(
    '/admin/people/:id/password-link',
    {
      schema: {
        summary: 'Email a person a set-your-password link (embedded provider); the link is in the answer too',
        tags,
        params: personParamsSchema,
        response: { 200: passwordLinkSentAnswerSchema, 403: e, 404: e, 409: e },
      },
      ...signedIn,
    },
    async (request) => ({
      data: await sendPersonPasswordLink({
        services,
        scope: await scopeOf(request),
        id: request.params.id,
        ip: request.ip,
      }),
    }),
  );

  r.post(
    '/admin/people',
    {
      schema: {
        summary: 'Add a person without onboarding; with the embedded provider they are emailed a password link',
        tags,
        body: addPersonBodySchema,
        response: { 200: personAnswerSchema, 400: e, 403: e, 409: e },
      },
      ...signedIn,
    },
    async (request) => {
      const scope = await scopeOf(request);
      const id = await addConsolePerson({ services, scope, body: request.body, ip: request.ip });
      return { data: await getPerson({ db, scope, id }) };
    },
  );

  r.get(
    '/admin/people/:id/erasure',
    {
      schema: {
        summary: 'What an erasure of a leaver’s personal data would erase now, and what the law keeps until when (HR)',
        tags,
        params: personParamsSchema,
        response: { 200: erasurePlanAnswerSchema, 403: e, 404: e, 409: e },
      },
      ...signedIn,
    },
    async (request) => {
      const scope = await scopeOf(request);
      requireHr(scope);
      const { id } = await getPerson({ db, scope, id: request.params.id });
      return { data: await planErasure({ db, periods: services.config.retention, staffId: id }) };
    },
  );

  r.post(
    '/admin/people/:id/erasure',
    {
      schema: {
        summary:
          'Erase a leaver’s personal data now, all but what the law still needs (HR only, needs a second factor in the last 15 minutes)',
        tags,
        params: personParamsSchema,
        response: { 200: erasureDoneAnswerSchema, 402: e, 403: e, 404: e, 409: e },
      },
      preHandler: [
        app.requireStaff,
        async (request: FastifyRequest) => requireHr(await scopeOf(request)),
        app.requireStepUp,
      ],
    },
    async (request) => {
      const scope = await scopeOf(request);
      const { id } = await getPerson({ db, scope, id: request.params.id });
      const done = await eraseOnRequest({ services, staffId: id, actor: `staff:${scope.actorId}`, ip: request.ip });
      // The same fields as the audit lines, none of the data: with `erasures list`, what a restore must apply again.
      if (done.erased.length) request.log.info({ staff_id: id, kinds: done.erased }, 'erased on request');
      if (done.filesLeft)
        request.log.warn(
          { staff_id: id, files_left: done.filesLeft },
          'the file storage did not delete some erased files',
        );
      return { data: { erased: done.erased, plan: done.plan } };
    },
  );
}
