/**
 * The console's door (docs/product.md#console-roles): every console call is refused to staff without a
 * role and to anyone signed out before its request is validated, so a refusal never names the fields a
 * console call accepts; refused console calls and refused XSRF checks are written to the audit log, at
 * most REFUSALS_AUDITED per caller in 10 minutes; and the API description shows the console's operations
 * to HR only.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '@server/cli/run-command.js';
import { auditEvents, staff } from '@server/db/schema.js';
import { REFUSALS_AUDITED } from '@server/plugins/refusal-audit.js';
import { Browser, signedInBrowser } from './helpers/browser.js';
import { createTestApp, DATABASES } from './helpers/test-app.js';

const PORTAL = 'http://localhost:3000';

describe.each(DATABASES)('the console door on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let consoleOps: { method: string; path: string }[];
  const idOf = async (email: string) =>
    (await t.app.database.db.select({ id: staff.id }).from(staff).where(eq(staff.emailAddress, email)))[0]!.id;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await runCommand({
      services: t.app.services,
      name: 'role grant',
      options: { staff: 'morgan.hughes@example.com', role: 'hr' },
    });
    await t.app.ready();
    const paths = (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    consoleOps = Object.entries(paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })));
  });
  afterAll(() => t.dropAll());

  it('refuses every console call to staff and to nobody before reading its body', async () => {
    expect(consoleOps.length).toBeGreaterThan(30);
    const callers: [string, Browser, number, string][] = [
      ['staff', await signedInBrowser(t.app, PORTAL, 'sam.taylor@example.com'), 403, 'FORBIDDEN'],
      ['nobody', new Browser({ [PORTAL]: t.app }), 403, 'NOT_SIGNED_IN'],
    ];
    const leaks: string[] = [];
    for (const [who, browser, status, code] of callers) {
      for (const op of consoleOps) {
        const url = PORTAL + op.path.replace(/\{[^}]+\}/g, 'not-an-id');
        // A body no console call accepts: validated first, it would be answered 400 with field names.
        const res = await browser.request(op.method, url, op.method === 'GET' ? {} : { body: { unexpected: 1 } });
        const errors = res.json<{ errors?: { code?: string; fields?: unknown } }>().errors;
        if (res.status !== status || errors?.code !== code || errors?.fields)
          leaks.push(`${who} ${op.method} ${op.path}: ${res.status} ${res.body.slice(0, 80)}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('writes refused console calls to the audit log, a limited number per caller', async () => {
    const riley = await signedInBrowser(t.app, PORTAL, 'riley.evans@example.com');
    for (let i = 0; i < REFUSALS_AUDITED + 10; i++) await riley.get(`${PORTAL}/api/admin/people`);
    const rileyId = await idOf('riley.evans@example.com');
    const rows = await t.app.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.staffId, rileyId), eq(auditEvents.action, 'console.refused')));
    expect(rows).toHaveLength(REFUSALS_AUDITED);
    expect(rows[0]!.details).toEqual({ method: 'GET', route: '/api/admin/people', status: 403 });
  });

  it('writes a refused XSRF check to the audit log', async () => {
    const jamie = await signedInBrowser(t.app, PORTAL, 'jamie.patel@example.com');
    const forged = await jamie.request('POST', `${PORTAL}/api/staff/self-service/contact-details`, {
      body: { mobile: '07700 900123' },
      xsrf: false,
    });
    expect(forged.status).toBe(403);
    const jamieId = await idOf('jamie.patel@example.com');
    // Written without holding up the answer: wait for it to land.
    await expect
      .poll(async () =>
        t.app.database.db
          .select({ details: auditEvents.details })
          .from(auditEvents)
          .where(and(eq(auditEvents.staffId, jamieId), eq(auditEvents.action, 'xsrf.refused'))),
      )
      .toEqual([{ details: { method: 'POST', route: '/api/staff/self-service/contact-details', status: 403 } }]);
  });

  it('describes the console operations to HR only', async () => {
    const described = async (browser: Browser) =>
      Object.keys((await browser.get(`${PORTAL}/api/docs/json`)).json<{ paths: object }>().paths);
    const hr = await described(await signedInBrowser(t.app, PORTAL, 'morgan.hughes@example.com'));
    const member = await described(await signedInBrowser(t.app, PORTAL, 'sam.taylor@example.com'));
    const nobody = await described(new Browser({ [PORTAL]: t.app }));
    const full = Object.keys((t.app.swagger() as { paths: object }).paths);
    expect(hr).toEqual(full);
    expect(hr.filter((path) => path.startsWith('/api/admin/')).length).toBeGreaterThan(20);
    expect(member.filter((path) => path.startsWith('/api/admin'))).toEqual([]);
    expect(nobody).toEqual(member);
    expect(member).toContain('/api/staff/self-service/me');
    // HR's copy was not trimmed by the others' reads.
    expect(await described(await signedInBrowser(t.app, PORTAL, 'morgan.hughes@example.com'))).toEqual(hr);
  });
});
