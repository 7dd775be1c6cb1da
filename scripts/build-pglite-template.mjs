/**
 * Part of `npm run build` (after the server's tsc): writes the PGlite database that a first start
 * on an empty data folder unpacks instead of running initdb, migrated with the committed migrations
 * (src/server/db/pglite-template.ts; docs/decisions/0031-first-start-without-initdb.md). Its name carries the PGlite
 * version and the newest migration, so a build with neither changed keeps the one it has, if whole.
 */
import { MIGRATIONS_DIR } from '../dist/server/db/client.js';
import { pgliteTemplatePath, readPgliteTemplate, writePgliteTemplate } from '../dist/server/db/pglite-template.js';

const started = performance.now();
const file = await pgliteTemplatePath(MIGRATIONS_DIR);
// Kept when it is there and matches its checksum; a damaged one, or one from before checksums, is made again.
if (await readPgliteTemplate(file).catch(() => undefined)) {
  console.log(`PGlite template for first starts: ${file} (kept: nothing new)`);
} else {
  await writePgliteTemplate(file, MIGRATIONS_DIR);
  console.log(`PGlite template for first starts: ${file} (${Math.round(performance.now() - started)} ms)`);
}
