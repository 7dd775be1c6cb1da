/**
 * The console's reads on a pool of their own (docs/decisions/0053-console-searches-and-pool.md): on PostgreSQL the
 * people list, documents, surveys, joiners and venues are read on the console's connections, at most
 * CONSOLE_POOL_SIZE of them, and the staff's calls never are; on PGlite, with one connection, and with
 * CONSOLE_POOL_SIZE=0, the console shares the database handle.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '@server/cli/run-command.js';
import { CONSOLE_APPLICATION_NAME } from '@server/db/client.js';
import { signedInBrowser, type Browser } from './helpers/browser.js';
import { PORTAL } from './helpers/step-up.js';
import { createTestApp, DATABASES, type TestApp } from './helpers/test-app.js';

const api = (p: string) => `${PORTAL}/api${p}`;
const HR = 'morgan.hughes@example.com';
const CONSOLE_READS = [
  '/admin/people?search=tay',
  '/admin/documents',
  '/admin/surveys',
  '/admin/joiners',
  '/admin/venues',
];

describe.each(DATABASES)('the console’s pool on %s', (kind) => {
  let t: TestApp & { dropAll(): Promise<void> };
  let hr: Browser;

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { CONSOLE_POOL_SIZE: '1' } });
    await runCommand({ services: t.app.services, name: 'role grant', options: { staff: HR, role: 'hr' } });
    hr = await signedInBrowser(t.app, PORTAL, HR);
  });
  afterAll(() => t.dropAll());

  /** The console pool's connections to this database, as PostgreSQL lists them. */
  const consoleConnections = async () =>
    Number(
      (
        (await t.app.database.db.execute(
          sql`select count(*) as n from pg_stat_activity where datname = current_database() and application_name = ${CONSOLE_APPLICATION_NAME}`,
        )) as unknown as { rows: { n: unknown }[] }
      ).rows[0]!.n,
    );

  it.runIf(kind === 'postgres')(
    'reads the console’s lists on at most CONSOLE_POOL_SIZE connections of its own',
    async () => {
      expect(t.app.database.consoleDb).not.toBe(t.app.database.db);
      expect((await hr.get(api('/staff/self-service/me'))).status).toBe(200);
      expect(await consoleConnections()).toBe(0);
      const answers = await Promise.all(CONSOLE_READS.map((path) => hr.get(api(path))));
      expect(answers.map((a) => a.status)).toEqual(CONSOLE_READS.map(() => 200));
      expect(answers[0]!.json().data.map((p: { email_address: string }) => p.email_address)).toContain(
        'sam.taylor@example.com',
      );
      expect(await consoleConnections()).toBe(1);
    },
  );

  it.runIf(kind === 'pglite')('shares the one connection on PGlite', async () => {
    expect(t.app.database.consoleDb).toBe(t.app.database.db);
    expect((await hr.get(api(CONSOLE_READS[0]!))).status).toBe(200);
  });
});

describe.runIf(DATABASES.includes('postgres'))('CONSOLE_POOL_SIZE=0 on PostgreSQL', () => {
  it('shares the main pool', async () => {
    const t = await createTestApp('postgres', { env: { CONSOLE_POOL_SIZE: '0' }, seed: false });
    try {
      expect(t.app.database.consoleDb).toBe(t.app.database.db);
    } finally {
      await t.dropAll();
    }
  });
});
