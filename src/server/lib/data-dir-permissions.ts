/**
 * The data folder (database, secrets, uploaded files, mail and SMS outbox) is readable by its owner
 * only: folders 0700, files 0600 (OWASP ASVS 5.0 §13.3, secrets at rest). PGlite creates its own files
 * with the process umask, so the umask is narrowed for the whole process before anything is created,
 * and what an earlier version or another umask left behind is tightened at start.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

/** Permission bits for group and others, which nothing under the data folder may have. */
const GROUP_AND_OTHERS = 0o077;

/**
 * Narrows the process umask to owner-only and creates `dataDir` (0700) when missing.
 * Everything already under it (the folder a symbolic link `DATA_DIR` points at included) is set to 0700
 * (folders) or 0600 (files); symbolic links inside are left as they are.
 * @returns the paths that could not be changed because this process does not own them (a volume
 *   mounted with a group owner, say): the caller warns about them rather than refusing to start.
 * @throws the file system's error when the folder cannot be created.
 */
export async function restrictDataDir(dataDir: string): Promise<string[]> {
  process.umask(GROUP_AND_OTHERS);
  await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
  const notOwned: string[] = [];
  await restrict(await fs.realpath(dataDir), notOwned);
  return notOwned;
}

async function restrict(entry: string, notOwned: string[]): Promise<void> {
  const stat = await fs.lstat(entry);
  if (stat.isSymbolicLink()) return;
  const wanted = stat.isDirectory() ? 0o700 : 0o600;
  if ((stat.mode & 0o777) !== wanted) {
    try {
      await fs.chmod(entry, wanted);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EPERM') throw err;
      notOwned.push(entry);
    }
  }
  if (!stat.isDirectory()) return;
  const names = await fs.readdir(entry);
  await Promise.all(names.map((name) => restrict(path.join(entry, name), notOwned)));
}
