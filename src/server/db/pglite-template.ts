/**
 * The PGlite database a first start unpacks instead of creating one: made at build time (`npm run
 * build`, scripts/build-pglite-template.mjs), initdb'd and migrated, and dumped with PGlite's own
 * `dumpDataDir`; PGlite's `loadDataDir` unpacks it into an empty folder. initdb was most of a first
 * start on the embedded default (3 to 3.8 s on a slow hour of a 2-core machine; unpacking takes
 * about 0.65 s). Docs: decision 31
 * (docs/decisions/0031-first-start-without-initdb.md).
 *
 * The file's name carries the PGlite version that made it and the newest migration in it: a PGlite
 * upgraded without a new build is never handed another version's files (the start runs initdb, as it
 * does from `src`, in development and in the tests), and a build with nothing new keeps the file.
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestMigration } from './migrations-journal.js';
import { pgliteExtensions } from './pglite-extensions.js';

/** `dist/server` when this module runs built; `src/server` (where no template is kept) from source. */
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PREFIX = 'pglite-template-';

/** The installed PGlite's version, from the package.json above its entry (its exports do not list it). */
export async function pgliteVersion(): Promise<string> {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(await fs.readFile(file, 'utf8')) as { name?: string; version: string };
      if (pkg.name === '@electric-sql/pglite') return pkg.version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('PGlite is installed without its package.json');
    dir = parent;
  }
}

/** The template for the installed PGlite and the newest of `migrationsFolder`: `<dir>/pglite-template-<version>-<when>.tar.gz`. */
export async function pgliteTemplatePath(migrationsFolder: string, dir = SERVER_DIR): Promise<string> {
  return path.join(dir, `${PREFIX}${await pgliteVersion()}-${await newestMigration(migrationsFolder)}.tar.gz`);
}

/** Where the template's SHA-256 is kept, in hex, beside it. */
const checksumPath = (file: string) => `${file}.sha256`;

const sha256 = async (bytes: Uint8Array) => Buffer.from(await crypto.subtle.digest('SHA-256', bytes)).toString('hex');

/**
 * The template as PGlite's `loadDataDir` takes it, or undefined when there is none at `file`.
 * Checked against the SHA-256 the build wrote beside it: PGlite leaves the error of a damaged
 * archive unhandled, which would end the process, where the caller can start with initdb instead.
 * @throws Error when the checksum is missing or does not match.
 */
export async function readPgliteTemplate(file: string): Promise<Blob | undefined> {
  if (!existsSync(file)) return undefined;
  const [bytes, expected] = await Promise.all([
    fs.readFile(file),
    fs.readFile(checksumPath(file), 'utf8').catch(() => undefined),
  ]);
  if (expected === undefined) throw new Error(`${path.basename(file)} has no checksum beside it`);
  if ((await sha256(bytes)) !== expected.trim())
    throw new Error(`${path.basename(file)} does not match its checksum: it is damaged`);
  return new Blob([bytes], { type: 'application/x-gzip' });
}

/**
 * Creates a database in memory, applies the committed migrations of `migrationsFolder` and writes
 * it to `file` as a gzipped tar of its data folder, its SHA-256 beside it, through a temporary file
 * renamed into place (an interrupted build leaves no half a template); other templates in the
 * folder are removed. Holds
 * nothing personal: no row but the migrator's own.
 */
export async function writePgliteTemplate(file: string, migrationsFolder: string): Promise<void> {
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = await PGlite.create({ extensions: await pgliteExtensions() });
  try {
    await migrate(drizzle(client), { migrationsFolder });
    // Everything on the data files, so the copy needs no WAL replay when it is first opened.
    await client.exec('checkpoint');
    const dump = await client.dumpDataDir('gzip');
    const dir = path.dirname(file);
    await fs.mkdir(dir, { recursive: true });
    const bytes = new Uint8Array(await dump.arrayBuffer());
    await fs.writeFile(checksumPath(file), `${await sha256(bytes)}\n`);
    await fs.writeFile(`${file}.partial`, bytes);
    await fs.rename(`${file}.partial`, file);
    const kept = [path.basename(file), path.basename(checksumPath(file))];
    for (const name of await fs.readdir(dir)) {
      if (name.startsWith(PREFIX) && !kept.includes(name)) await fs.rm(path.join(dir, name), { force: true });
    }
  } finally {
    await client.close();
  }
}
