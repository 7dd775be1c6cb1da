/**
 * Console calls of docs/product.md#console under `/api/admin` (signed in, with a console role): each
 * screen's routes in its own folder, every answer filtered by the caller's scope (shared/scope.ts);
 * changing a role needs HR and a fresh second factor.
 */
import type { FastifyInstance } from 'fastify';
import { NOT_SIGNED_IN_MESSAGE } from '@shared/constants.js';
import { AppError } from '@server/errors.js';
import type { Services } from '@server/services.js';
import { documentsRoutes } from './documents/routes.js';
import { insuranceRoutes } from './insurance/routes.js';
import { joinersRoutes } from './joiners/routes.js';
import { payrollRoutes } from './payroll/routes.js';
import { peopleRoutes } from './people/routes.js';
import { rightToWorkRoutes } from './right-to-work/routes.js';
import { setupRoutes } from './setup/routes.js';
import { staffImportRoutes } from './staff-import/routes.js';
import { consoleMeRoutes } from './shared/routes.js';
import { NO_CONSOLE_ACCESS } from './shared/scope.js';
import { surveysRoutes } from './surveys/routes.js';
import { templatesRoutes } from './templates/routes.js';

/**
 * Registers every console screen's routes on `app` (in one plugin context, as one area). Whether the
 * caller may use the console at all is decided before the request is validated, so staff and anonymous
 * callers learn nothing of what a console call accepts (a 400 would name its fields); refusals are
 * written to the audit log (plugins/refusal-audit.ts).
 */
export async function consoleRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  app.addHook('preValidation', async (request) => {
    if (!request.session) throw new AppError('NOT_SIGNED_IN', NOT_SIGNED_IN_MESSAGE);
    const role = request.session.staff.role;
    if (role !== 'hr' && role !== 'manager') throw new AppError('FORBIDDEN', NO_CONSOLE_ACCESS);
  });
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode === 401 || reply.statusCode === 403) {
      await app.auditRefusal(request, 'console.refused', reply.statusCode);
    }
  });
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
    staffImportRoutes,
    rightToWorkRoutes,
  ]) {
    await screenRoutes(app, opts);
  }
}
