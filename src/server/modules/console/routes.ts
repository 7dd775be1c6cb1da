/**
 * Console calls of docs/product.md#console under `/api/admin` (signed in, with a console role): each
 * screen's routes in its own folder, every answer filtered by the caller's scope (shared/scope.ts);
 * changing a role needs HR and a fresh second factor.
 */
import type { FastifyInstance } from 'fastify';
import type { Services } from '@server/services.js';
import { documentsRoutes } from './documents/routes.js';
import { insuranceRoutes } from './insurance/routes.js';
import { joinersRoutes } from './joiners/routes.js';
import { payrollRoutes } from './payroll/routes.js';
import { peopleRoutes } from './people/routes.js';
import { rightToWorkRoutes } from './right-to-work/routes.js';
import { setupRoutes } from './setup/routes.js';
import { consoleMeRoutes } from './shared/routes.js';
import { surveysRoutes } from './surveys/routes.js';
import { templatesRoutes } from './templates/routes.js';

/** Registers every console screen's routes on `app` (in one plugin context, as one area). */
export async function consoleRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  for (const screenRoutes of [
    consoleMeRoutes,
    peopleRoutes,
    joinersRoutes,
    insuranceRoutes,
    documentsRoutes,
    templatesRoutes,
    surveysRoutes,
    setupRoutes,
    payrollRoutes,
    rightToWorkRoutes,
  ]) {
    await screenRoutes(app, opts);
  }
}
