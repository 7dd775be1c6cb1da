// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, openDatabase, type Database } from './client.js';
import { pgliteTemplatePath, readPgliteTemplate, writePgliteTemplate } from './pglite-template.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'staffroom-template-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** The first row of `query`'s answer (PGlite's driver answers `{ rows }`). */
async function firstRow<T>(database: Database, query: SQL): Promise<T> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows[0]!;
}

/** initdb gives every cluster a random system identifier; a copy of one keeps it. */
async function systemIdentifier(database: Database): Promise<string> {
  return (await firstRow<{ id: string }>(database, sql`select system_identifier::text as id from pg_control_system()`)).id;
}

async function opened<T>(name: string, template: string, use: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir: path.join(tmp, name), pgliteTemplate: template });
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

describe('the PGlite template of first starts', () => {
  it('names the template after the installed PGlite, and reads none where the build made none', async () => {
    expect(path.basename(await pgliteTemplatePath(tmp))).toMatch(/^pglite-template-\d+\.\d+\.\d+.*\.tar\.gz$/);
    expect(await readPgliteTemplate(path.join(tmp, 'missing.tar.gz'))).toBeUndefined();
  });

  it('starts a new folder from the template, migrated and with no rows, and a folder without one from initdb', async () => {
    const template = path.join(tmp, 'template.tar.gz');
    await writePgliteTemplate(template, MIGRATIONS_DIR);

    const first = await opened('first', template, async (database) => {
      expect(database.fresh).toBe(true);
      const { count } = await firstRow<{ count: number }>(database, sql`select count(*)::int as count from staff`);
      expect(count).toBe(0);
      const { applied } = await firstRow<{ applied: number }>(database, sql`select count(*)::int as applied from drizzle.__drizzle_migrations`);
      const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
      expect(applied).toBe(journal.entries.length);
      // As in a folder made by initdb, the database's files are their owner's only (data-dir-permissions.ts).
      const dbDir = path.join(tmp, 'first', 'db');
      const opened = fs.readdirSync(dbDir, { recursive: true }).map((name) => path.join(dbDir, String(name)));
      expect(opened.length).toBeGreaterThan(100);
      expect(opened.filter((file) => (fs.lstatSync(file).mode & 0o077) !== 0)).toEqual([]);
      return systemIdentifier(database);
    });
    // Two folders from one template are copies of one cluster.
    expect(await opened('second', template, systemIdentifier)).toBe(first);
    // Reopened, the folder is its own database and not fresh.
    expect(await opened('first', template, async (database) => [database.fresh, await systemIdentifier(database)])).toEqual([false, first]);
    // Without a template file, initdb made another cluster.
    const own = await opened('own', path.join(tmp, 'missing.tar.gz'), async (database) => {
      expect(database.fresh).toBe(true);
      return systemIdentifier(database);
    });
    expect(own).not.toBe(first);
  });
});
