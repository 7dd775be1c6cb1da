/**
 * What another local user of the server could read: nothing under DATA_DIR (database, secrets,
 * uploaded files, the mail outbox), whatever umask the process was started with and whatever an
 * earlier version left behind.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { admin } from './helpers/joiners.js';
import { createTestApp, DATABASES } from './helpers/test-app.js';

/** Every folder and file under `dir` with its permission bits, as `relative path → mode`. */
async function modes(dir: string): Promise<Map<string, { mode: number; folder: boolean }>> {
  const found = new Map<string, { mode: number; folder: boolean }>();
  for (const entry of await fs.readdir(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    const stat = await fs.lstat(full);
    if (stat.isSymbolicLink()) continue;
    found.set(path.relative(dir, full), { mode: stat.mode & 0o777, folder: stat.isDirectory() });
  }
  return found;
}

describe.each(DATABASES)('data folder permissions on %s', (kind) => {
  const umask = process.umask();
  afterAll(() => {
    process.umask(umask);
  });

  it('keeps every folder 0700 and every file 0600 under a permissive umask, tightening what was there', async () => {
    process.umask(0);
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'staffroom-perms-'));
    await fs.chmod(dataDir, 0o777);
    // Left by an earlier version: readable by everyone.
    await fs.mkdir(path.join(dataDir, 'files', 'old'), { recursive: true, mode: 0o777 });
    await fs.writeFile(path.join(dataDir, 'files', 'old', 'upload.bin'), 'bytes', { mode: 0o666 });

    const t = await createTestApp(kind, { dataDir });
    try {
      // Mail to the outbox and a stored file, written while the app runs.
      await admin(t.app, 'agreement issue', {
        staff: 'sam.taylor@example.com',
        template: { filename: 'locker.html', base64: Buffer.from('<p>Locker policy</p>').toString('base64') },
      });
      const found = await modes(dataDir);
      expect([...found.keys()].some((p) => p.startsWith('outbox'))).toBe(true);
      expect(found.get(path.join('files', 'old', 'upload.bin'))?.mode).toBe(0o600);
      if (kind === 'pglite') expect(found.size).toBeGreaterThan(100);
      const loose = [...found].filter(([, { mode, folder }]) => mode !== (folder ? 0o700 : 0o600));
      expect(loose.map(([p, { mode }]) => `${p} ${mode.toString(8)}`)).toEqual([]);
      expect((await fs.stat(dataDir)).mode & 0o777).toBe(0o700);
    } finally {
      await t.dropAll();
    }
  });
});
