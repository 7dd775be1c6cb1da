/** The console's staff import (docs/product.md#staff-import), under `/api/admin`: a dry run, then the apply. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  STAFF_IMPORT_MAX_BYTES,
  staffImportAnswerSchema,
  staffImportBodySchema,
} from '@shared/api/console/staff-import.js';
import type { z } from 'zod';
import type { Services } from '@server/services.js';
import { steppedUpRecently } from '@server/plugins/session.js';
import { consoleRouteKit } from '@server/modules/console/shared/route-kit.js';
import { importStaff } from './staff-import.js';

type StaffImportBodyParsed = z.output<typeof staffImportBodySchema>;

export async function staffImportRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const { r, e, tags, signedIn, scopeOf } = consoleRouteKit(app, opts.services);
  const { services } = opts;
  // Base64 of the largest file, and room for the rest of the body.
  const bodyLimit = Math.ceil(STAFF_IMPORT_MAX_BYTES / 3) * 4 + 16 * 1024;

  const run = async (request: FastifyRequest, body: StaffImportBodyParsed, apply: boolean) =>
    importStaff({
      services,
      scope: await scopeOf(request),
      actor: `staff:${request.session!.staffId}`,
      bytes: Buffer.from(body.content, 'base64'),
      filename: body.filename,
      apply,
      sendInvitations: body.send_invitations,
      steppedUp: steppedUpRecently(request.session),
      ip: request.ip,
    });

  r.post(
    '/admin/staff-import/dry-run',
    {
      schema: {
        summary:
          'Check a CSV of people already at work: per row, whether it would be created, updated, unchanged or refused and why; nothing changes (HR; bank details need a second factor in the last 15 minutes)',
        tags,
        body: staffImportBodySchema,
        response: { 200: staffImportAnswerSchema, 400: e, 402: e, 403: e },
      },
      bodyLimit,
      ...signedIn,
    },
    async (request) => ({ data: await run(request, request.body, false) }),
  );

  r.post(
    '/admin/staff-import',
    {
      schema: {
        summary:
          'Import a CSV of people already at work, whole or not at all: any refused row refuses the file (HR; bank details need a second factor in the last 15 minutes)',
        tags,
        body: staffImportBodySchema,
        response: { 200: staffImportAnswerSchema, 400: e, 402: e, 403: e, 409: e },
      },
      bodyLimit,
      ...signedIn,
    },
    async (request) => ({ data: await run(request, request.body, true) }),
  );
}
