/**
 * The PGlite database a first start unpacks instead of creating one: made at build time (`npm run
 * build`, scripts/build-pglite-template.mjs), initdb'd and migrated, and dumped with PGlite's own
 * `dumpDataDir`; PGlite's `loadDataDir` unpacks it into an empty folder. Running initdb was most of
 * a first start on the embedded default (3 to 4 s of 4 to 6 on a 2-core machine; unpacking takes
 * about 0.6 s). Docs: decision 12, update of stop 27.
 *
 * The file's name carries the PGlite version it was made with, so a PGlite upgraded without a new
 * build is never handed another version's database: without a matching file the start runs initdb
 * as before (as when running from `src`, in development and in the tests).
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** `dist/server` when this module runs built; `src/server` (where no template is kept) from source. */
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The installed PGlite's version, from its package.json (which its exports do not list). */
async function pgliteVersion(): Promise<string> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const pkg = JSON.parse(await fs.readFile(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/** Where the build writes the template for the installed PGlite: `<dir>/pglite-template-<version>.tar.gz`. */
export async function pgliteTemplatePath(dir = SERVER_DIR): Promise<string> {
  return path.join(dir, `pglite-template-${await pgliteVersion()}.tar.gz`);
}

/** The template's bytes as PGlite's `loadDataDir` takes them, or undefined when this build has none. */
export async function readPgliteTemplate(file?: string): Promise<Blob | undefined> {
  const templateFile = file ?? (await pgliteTemplatePath());
  if (!existsSync(templateFile)) return undefined;
  return new Blob([await fs.readFile(templateFile)], { type: 'application/x-gzip' });
}

/**
 * Creates a database in memory, applies the committed migrations of `migrationsFolder` and writes
 * it to `file` as a gzipped tar of its data folder. Holds nothing personal: no row but the
 * migrator's own.
 */
export async function writePgliteTemplate(file: string, migrationsFolder: string): Promise<void> {
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = await PGlite.create();
  try {
    await migrate(drizzle(client), { migrationsFolder });
    // Everything on the data files, so the dump needs no WAL replay when it is first opened.
    await client.exec('checkpoint');
    const dump = await client.dumpDataDir('gzip');
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
}
