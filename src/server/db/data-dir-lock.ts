/**
 * A PGlite folder may be opened by one process only (docs/architecture.md#data-and-files). The process that opens it writes
 * `db.lock` with its pid; another process finds the lock held by a live pid and refuses.
 * A lock left by a dead process is taken over.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

export class DataDirBusyError extends Error {
  constructor(
    public readonly dataDir: string,
    public readonly pid: number,
  ) {
    super(`The data folder ${dataDir} is in use by process ${pid}.`);
    this.name = 'DataDirBusyError';
  }
}

export interface DataDirLock {
  release(): Promise<void>;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Reads the pid holding the lock of `dataDir`, if a live process holds it. */
export async function lockHolder(dataDir: string): Promise<number | undefined> {
  try {
    const pid = Number.parseInt(await fs.readFile(path.join(dataDir, 'db.lock'), 'utf8'), 10);
    return Number.isInteger(pid) && isAlive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** @throws DataDirBusyError when a live process holds the folder. */
export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  const file = path.join(dataDir, 'db.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await fs.writeFile(file, String(process.pid), { flag: 'wx' });
      return { release: () => fs.rm(file, { force: true }) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = await lockHolder(dataDir);
      if (holder !== undefined) throw new DataDirBusyError(dataDir, holder);
      await fs.rm(file, { force: true });
    }
  }
  throw new DataDirBusyError(dataDir, -1);
}
