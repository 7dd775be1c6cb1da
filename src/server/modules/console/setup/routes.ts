/**
 * The console's set-up: venues, till keys, positions, onboarding fieldsets, reminders and the signing
 * authority's certificate (docs/product.md#set-up), under `/api/admin`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  addPositionBodySchema,
  addVenueBodySchema,
  fieldsetAnswerSchema,
  fieldsetParamsSchema,
  fieldsetsAnswerSchema,
  importAnswerSchema,
  positionAnswerSchema,
  positionParamsSchema,
  positionsAnswerSchema,
  tillKeyAnswerSchema,
  tillKeyParamsSchema,
  updatePositionBodySchema,
  updateVenueBodySchema,
  venueAnswerSchema,
  venueParamsSchema,
  venuesAnswerSchema,
  reminderSwitchesAnswerSchema,
  switchReminderBodySchema,
} from '@shared/api/console/setup.js';
import { importFileBodySchema } from '@shared/api/console/shared.js';
import type { Services } from '@server/services.js';
import { getFieldset, listFieldsets } from './fieldsets.js';
import { importConsoleFieldset } from './import-fieldset.js';
import { addPosition, listPositions, updatePosition } from './positions.js';
import { listReminderSwitches, setReminderSwitch } from './reminders.js';
import { signingAuthorityFile } from './signing-authority.js';
import { addVenue, createVenueTillKey, listVenues, revokeVenueTillKey, updateVenue } from './venues.js';
import { z } from 'zod';
import { consoleRouteKit } from '@server/modules/console/shared/route-kit.js';

export async function setupRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const { r, e, tags, signedIn, scopeOf } = consoleRouteKit(app, opts.services);
  const { services } = opts;
  const { db, consoleDb } = opts.services;

  r.get(
    '/admin/venues',
    {
      schema: {
        summary: 'Venues the console may see, with people counts and till keys',
        tags,
        response: { 200: venuesAnswerSchema, 403: e },
      },
      ...signedIn,
    },
    async (request) => ({ data: await listVenues({ db: consoleDb, scope: await scopeOf(request) }) }),
  );

  r.post(
    '/admin/venues',
    {
      schema: {
        summary: 'Add a venue (HR)',
        tags,
        body: addVenueBodySchema,
        response: { 200: venueAnswerSchema, 400: e, 403: e, 409: e },
      },
      ...signedIn,
    },
    async (request) => ({
      data: await addVenue({
        db,
        scope: await scopeOf(request),
        name: request.body.name,
        brand: request.body.brand,
        ip: request.ip,
      }),
    }),
  );

  r.post(
    '/admin/venues/:venueId',
    {
      schema: {
        summary: 'Rename, re-brand, archive or bring back a venue (HR)',
        tags,
        params: venueParamsSchema,
        body: updateVenueBodySchema,
        response: { 200: venueAnswerSchema, 400: e, 403: e, 404: e, 409: e },
      },
      ...signedIn,
    },
    async (request) => ({
      data: await updateVenue({
        db,
        scope: await scopeOf(request),
        venueId: request.params.venueId,
        change: request.body,
        ip: request.ip,
      }),
    }),
  );

  r.post(
    '/admin/venues/:venueId/till-keys',
    {
      schema: {
        summary: 'Create a till key for a venue, shown once (needs a second factor in the last 15 minutes)',
        tags,
        params: venueParamsSchema,
        response: { 200: tillKeyAnswerSchema, 400: e, 402: e, 403: e, 404: e },
      },
      preHandler: [
        app.requireStaff,
        async (request: FastifyRequest) => void (await scopeOf(request)),
        app.requireStepUp,
      ],
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        data: await createVenueTillKey({ services, scope: await scopeOf(request), venueId: request.params.venueId }),
      };
    },
  );

  r.post(
    '/admin/till-keys/:keyId/revoke',
    {
      schema: {
        summary: 'Stop a till key working',
        tags,
        params: tillKeyParamsSchema,
        response: { 204: z.null().describe('revoked'), 403: e, 404: e },
      },
      ...signedIn,
    },
    async (request, reply) => {
      await revokeVenueTillKey({ services, scope: await scopeOf(request), keyId: request.params.keyId });
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/admin/fieldsets',
    {
      schema: {
        summary: 'Import an onboarding fieldset from a YAML or JSON file (HR)',
        tags,
        body: importFileBodySchema,
        response: { 200: importAnswerSchema, 400: e, 403: e },
      },
      bodyLimit: 1_100_000,
      ...signedIn,
    },
    async (request) => ({
      data: await importConsoleFieldset({
        db,
        scope: await scopeOf(request),
        filename: request.body.filename,
        content: request.body.content,
      }),
    }),
  );

  r.get(
    '/admin/positions',
    {
      schema: {
        summary: 'Positions the invite and add-person forms offer, archived ones last',
        tags,
        response: { 200: positionsAnswerSchema, 403: e },
      },
      ...signedIn,
    },
    async (request) => ({ data: await listPositions({ db, scope: await scopeOf(request) }) }),
  );

  r.post(
    '/admin/positions',
    {
      schema: {
        summary: 'Add a position (HR)',
        tags,
        body: addPositionBodySchema,
        response: { 200: positionAnswerSchema, 400: e, 403: e, 409: e },
      },
      ...signedIn,
    },
    async (request) => ({
      data: await addPosition({ db, scope: await scopeOf(request), name: request.body.name, ip: request.ip }),
    }),
  );

  r.post(
    '/admin/positions/:positionId',
    {
      schema: {
        summary: 'Rename, archive or bring back a position (HR)',
        tags,
        params: positionParamsSchema,
        body: updatePositionBodySchema,
        response: { 200: positionAnswerSchema, 400: e, 403: e, 404: e, 409: e },
      },
      ...signedIn,
    },
    async (request) => ({
      data: await updatePosition({
        db,
        scope: await scopeOf(request),
        positionId: request.params.positionId,
        change: request.body,
        ip: request.ip,
      }),
    }),
  );

  r.get(
    '/admin/reminders',
    {
      schema: {
        summary: 'The reminder kinds and whether each is on',
        tags,
        response: { 200: reminderSwitchesAnswerSchema, 403: e },
      },
      ...signedIn,
    },
    async (request) => {
      await scopeOf(request);
      return { data: await listReminderSwitches({ db }) };
    },
  );

  r.post(
    '/admin/reminders',
    {
      schema: {
        summary: 'Switch a reminder kind on or off (HR)',
        tags,
        body: switchReminderBodySchema,
        response: { 200: reminderSwitchesAnswerSchema, 400: e, 403: e },
      },
      ...signedIn,
    },
    async (request) => ({
      data: await setReminderSwitch({ db, scope: await scopeOf(request), change: request.body }),
    }),
  );

  r.get(
    '/admin/signing-authority',
    {
      schema: {
        summary: 'The certificate of the authority that seals signed documents, as a .pem file (HR)',
        tags,
        response: { 200: z.string().describe('application/x-pem-file'), 403: e },
      },
      ...signedIn,
    },
    async (request, reply) => {
      const { pem, filename } = await signingAuthorityFile({ services, scope: await scopeOf(request) });
      return reply
        .type('application/x-pem-file')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(pem);
    },
  );

  r.get(
    '/admin/fieldsets',
    {
      schema: {
        summary: 'Onboarding fieldsets with how many fields each has, newest first',
        tags,
        response: { 200: fieldsetsAnswerSchema, 403: e },
      },
      ...signedIn,
    },
    async (request) => ({ data: await listFieldsets({ db, scope: await scopeOf(request) }) }),
  );

  r.get(
    '/admin/fieldsets/:fieldsetId',
    {
      schema: {
        summary: 'One onboarding fieldset’s field definitions, to preview the form a joiner fills in',
        tags,
        params: fieldsetParamsSchema,
        response: { 200: fieldsetAnswerSchema, 403: e, 404: e },
      },
      ...signedIn,
    },
    async (request) => ({
      data: await getFieldset({ db, scope: await scopeOf(request), fieldsetId: request.params.fieldsetId }),
    }),
  );
}
