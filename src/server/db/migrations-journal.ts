/**
 * drizzle-kit's journal of the committed migrations (`<folder>/meta/_journal.json`), as the start
 * (is the database up to date?) and the build's PGlite template (which migrations are in it?) read it.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

/** The `when` of the newest migration in `migrationsFolder` (the migrator's `folderMillis`), in ms since the epoch. */
export async function newestMigration(migrationsFolder: string): Promise<number> {
  const journal = JSON.parse(await fs.readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
}
