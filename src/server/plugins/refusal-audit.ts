/**
 * Refusals worth a line in the audit log (docs/architecture.md#audit-log): a console call refused to
 * someone without the role (401, 403) and a state-changing call refused by the XSRF check, each written
 * as `<area>.refused` with the method, the route and the status, never the body. Someone probing the
 * console or forging requests then shows up where HR looks. Each caller (a member, or an address when
 * signed out) may add REFUSALS_AUDITED refusals every 10 minutes, counted in the shared rate-limit store,
 * so a flood of refused calls cannot flood the log; the rest are answered the same and not written.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '@server/db/client.js';
import { audit } from '@server/lib/audit.js';
import { createLimiter } from '@server/lib/rate-limits.js';

export const REFUSALS_AUDITED = 20;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Writes `action` (e.g. `console.refused`) for `request`, answered `status`, unless its caller has
     * used their allowance. Never throws: a refusal is answered whether or not it could be written.
     */
    auditRefusal(request: FastifyRequest, action: string, status: number): Promise<void>;
  }
}

async function refusalAudit(app: FastifyInstance, opts: { database: Pick<Database, 'db' | 'kind'> }): Promise<void> {
  const allowance = createLimiter(opts.database, {
    name: 'audited-refusals',
    points: REFUSALS_AUDITED,
    durationSeconds: 10 * 60,
  });
  app.decorate('auditRefusal', async (request: FastifyRequest, action: string, status: number) => {
    const staffId = request.session?.staffId ?? null;
    try {
      await allowance.consume(staffId ?? `ip:${request.ip}`, 1);
    } catch {
      return;
    }
    try {
      await audit(opts.database.db, {
        staffId,
        actor: staffId ? `staff:${staffId}` : 'anonymous',
        action,
        ip: request.ip,
        details: { method: request.method, route: request.routeOptions.url ?? null, status },
      });
    } catch (err) {
      request.log.warn({ err, action }, 'could not write a refusal to the audit log');
    }
  });
}

export default fp(refusalAudit, { name: 'refusal-audit' });
