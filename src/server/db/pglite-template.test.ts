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
  return (await firstRow<{ id: string }>(database, sql`select system_identifier::text as id from pg_control_system()`))
    .id;
}

/** Opens the folder `name` (starting it from `template` when new), uses it and closes it. */
async function opened<T>(
  name: string,
  template: string,
  use: (database: Database) => Promise<T>,
  onTemplateUnusable?: (err: Error) => void,
): Promise<T> {
  const database = await openDatabase({ dataDir: path.join(tmp, name), pgliteTemplate: template, onTemplateUnusable });
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

// Each of these creates several PGlite databases from initdb and runs every migration: seconds on a
// quiet machine, over the default 30 s beside a browser on a busy one. A cap, not a measurement.
const SEVERAL_INITDBS_MS = 180_000;

describe('the PGlite template of first starts', { timeout: SEVERAL_INITDBS_MS }, () => {
  it('names the template after the installed PGlite, and reads none where the build made none', async () => {
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
      entries: { when: number }[];
    };
    const newest = Math.max(...journal.entries.map((entry) => entry.when));
    expect(path.basename(await pgliteTemplatePath(MIGRATIONS_DIR, tmp))).toMatch(
      new RegExp(`^pglite-template-\\d+\\.\\d+\\.\\d+.*-${newest}\\.tar\\.gz$`),
    );
    expect(await readPgliteTemplate(path.join(tmp, 'missing.tar.gz'))).toBeUndefined();
  });

  it('starts a new folder from the template, migrated and with no rows, again after an interrupted unpack, and a folder without one from initdb', async () => {
    const template = await pgliteTemplatePath(MIGRATIONS_DIR, tmp);
    const stale = path.join(tmp, 'pglite-template-0.0.1-1.tar.gz');
    fs.writeFileSync(stale, 'an older build');
    await writePgliteTemplate(template, MIGRATIONS_DIR);
    // The file arrives whole with its checksum, and templates of other versions go.
    expect(fs.readdirSync(tmp).filter((name) => name.startsWith('pglite-template-'))).toEqual([
      path.basename(template),
      `${path.basename(template)}.sha256`,
    ]);

    const first = await opened('first', template, async (database) => {
      expect(database.fresh).toBe(true);
      const { count } = await firstRow<{ count: number }>(database, sql`select count(*)::int as count from staff`);
      expect(count).toBe(0);
      const { applied } = await firstRow<{ applied: number }>(
        database,
        sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
      );
      const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
        entries: unknown[];
      };
      expect(applied).toBe(journal.entries.length);
      // As in a folder made by initdb, the database's files are their owner's only (data-dir-permissions.ts).
      const dbDir = path.join(tmp, 'first', 'db');
      const entries = fs.readdirSync(dbDir, { recursive: true }).map((name) => path.join(dbDir, String(name)));
      expect(entries.length).toBeGreaterThan(100);
      expect(entries.filter((file) => (fs.lstatSync(file).mode & 0o077) !== 0)).toEqual([]);
      return systemIdentifier(database);
    });
    // Two folders from one template are copies of one cluster.
    expect(await opened('second', template, systemIdentifier)).toBe(first);
    expect(fs.readFileSync(`${template}.sha256`, 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
    // A start stopped while unpacking (its marker left behind, files half written) starts over.
    fs.writeFileSync(path.join(tmp, 'second', 'db.unpacking'), '');
    fs.rmSync(path.join(tmp, 'second', 'db', 'global'), { recursive: true });
    expect(
      await opened('second', template, async (database) => [database.fresh, await systemIdentifier(database)]),
    ).toEqual([true, first]);
    expect(fs.existsSync(path.join(tmp, 'second', 'db.unpacking'))).toBe(false);
    // Reopened, the folder is its own database and not fresh.
    expect(
      await opened('first', template, async (database) => [database.fresh, await systemIdentifier(database)]),
    ).toEqual([false, first]);
    // Without a template file, initdb made another cluster.
    const own = await opened('own', path.join(tmp, 'missing.tar.gz'), async (database) => {
      expect(database.fresh).toBe(true);
      return systemIdentifier(database);
    });
    expect(own).not.toBe(first);
  });

  it('starts a new folder from initdb, and says why, when the template is damaged or has lost its checksum', async () => {
    const template = await pgliteTemplatePath(MIGRATIONS_DIR, path.join(tmp, 'build'));
    await writePgliteTemplate(template, MIGRATIONS_DIR);
    const fromTemplate = await opened('whole', template, systemIdentifier);

    const damaged = path.join(tmp, 'damaged.tar.gz');
    const bytes = fs.readFileSync(template);
    const middle = bytes.length >> 1;
    bytes[middle] = bytes[middle]! ^ 0xff;
    fs.writeFileSync(damaged, bytes);
    fs.copyFileSync(`${template}.sha256`, `${damaged}.sha256`);
    const unchecked = path.join(tmp, 'unchecked.tar.gz');
    fs.copyFileSync(template, unchecked);

    for (const [name, file, reason] of [
      ['from-damaged', damaged, /does not match its checksum/],
      ['from-unchecked', unchecked, /has no checksum/],
    ] as const) {
      const told: Error[] = [];
      const [fresh, id, count] = await opened(
        name,
        file,
        async (database) => [
          database.fresh,
          await systemIdentifier(database),
          (await firstRow<{ count: number }>(database, sql`select count(*)::int as count from staff`)).count,
        ],
        (err) => told.push(err),
      );
      expect([fresh, count]).toEqual([true, 0]);
      expect(id).not.toBe(fromTemplate);
      expect(told.map((err) => err.message)).toEqual([expect.stringMatching(reason)]);
      expect(fs.existsSync(path.join(tmp, name, 'db.unpacking'))).toBe(false);
    }
  });
});
