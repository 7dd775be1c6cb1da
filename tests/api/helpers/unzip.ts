/** Reading a downloaded zip in a test as someone who downloaded it would: with Info-ZIP's unzip. */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The names and contents of a zip; rejects when `unzip -t` finds it damaged. */
export async function unzip(bytes: Buffer): Promise<{ names: string[]; read(name: string): Promise<Buffer> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'staffroom-zip-'));
  const file = path.join(dir, 'download.zip');
  await fs.writeFile(file, bytes);
  await run('unzip', ['-tq', file]);
  const { stdout } = await run('zipinfo', ['-1', file]);
  return {
    names: stdout.split('\n').filter(Boolean),
    read: async (name) =>
      (await run('unzip', ['-p', file, name.replace(/[[\]*?]/g, '\\$&')], { encoding: 'buffer', maxBuffer: 64e6 }))
        .stdout,
  };
}
