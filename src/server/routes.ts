/**
 * The route table of the API, registered by buildApp under `/api`: the health check, then each
 * module's routes through its index.ts (docs/architecture.md#one-way-imports). Paths, schemas and
 * answers are the modules' own; this file only says which modules serve the API, in what order.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from './config.js';
import type { Database } from '@server/db/client.js';
import type { Identity } from '@server/identity/wire-identity.js';
import { authRoutes } from '@server/modules/auth/index.js';
import { documentRoutes, myDocumentRoutes, verifyRoutes } from '@server/modules/documents/index.js';
import { onboardingRoutes } from '@server/modules/onboarding/index.js';
import { passwordLinkRoutes } from '@server/modules/password-link/index.js';
import { myDetailsRoutes } from '@server/modules/my-details/index.js';
import { subjectAccessRoutes } from '@server/modules/subject-access/index.js';
import { twoFactorRoutes } from '@server/modules/two-factor/index.js';
import { teamDiscountRoutes } from '@server/modules/team-discount/index.js';
import { fileRoutes } from '@server/modules/files/index.js';
import { vehicleRoutes } from '@server/modules/vehicles/index.js';
import { surveyRoutes } from '@server/modules/surveys/index.js';
import { consoleRoutes } from '@server/modules/console/index.js';
import type { Services } from './services.js';
import { AppError } from './errors.js';
import { errorEnvelopeSchema } from '@shared/api/errors.js';

export interface ApiRoutesOptions extends Identity {
  config: AppConfig;
  database: Database;
  services: Services;
}

export async function apiRoutes(api: FastifyInstance, opts: ApiRoutesOptions): Promise<void> {
  const { config, database, services, rp, endProviderSession } = opts;
  const { db } = database;
  api.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      schema: {
        summary: 'Liveness and database check',
        tags: ['ops'],
        response: { 200: z.object({ data: z.object({ status: z.literal('ok'), database: z.string() }) }) },
      },
    },
    async () => {
      await db.execute('select 1');
      return { data: { status: 'ok' as const, database: database.kind } };
    },
  );
  // Readiness, apart from liveness above: what a balancer or orchestrator asks before sending requests.
  api.withTypeProvider<ZodTypeProvider>().get(
    '/ready',
    {
      schema: {
        summary:
          'Readiness: the database, its migrations, the file storage and the web build answer, and the server is not stopping',
        tags: ['ops'],
        response: {
          200: z.object({
            data: z.object({
              status: z.literal('ready'),
              checks: z.object({
                database: z.literal('ok'),
                migrations: z.literal('ok'),
                storage: z.literal('ok'),
                web: z.literal('ok'),
              }),
            }),
          }),
          503: errorEnvelopeSchema,
        },
      },
    },
    async () => {
      if (api.readiness.stopping) throw new AppError('NOT_READY', 'Not ready: the server is stopping.');
      const report = await api.readiness.check();
      if (!report.ready) throw new AppError('NOT_READY', `Not ready: ${report.failed.join(', ')} failed.`);
      const ok = 'ok' as const;
      return { data: { status: 'ready' as const, checks: { database: ok, migrations: ok, storage: ok, web: ok } } };
    },
  );
  await api.register(authRoutes, { config, db, fieldKeys: services.fieldKeys, rp, endProviderSession });
  await api.register(onboardingRoutes, { services });
  await api.register(passwordLinkRoutes, { services });
  await api.register(documentRoutes, { services });
  await api.register(myDocumentRoutes, { services });
  await api.register(verifyRoutes, { services });
  await api.register(myDetailsRoutes, { services });
  await api.register(subjectAccessRoutes, { services });
  await api.register(twoFactorRoutes, { services });
  await api.register(fileRoutes, { services });
  await api.register(teamDiscountRoutes, { services });
  await api.register(vehicleRoutes, { services });
  await api.register(surveyRoutes, { services });
  await api.register(consoleRoutes, { services });
}
