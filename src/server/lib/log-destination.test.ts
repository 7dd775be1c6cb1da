import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { batchedDestination } from './log-destination.js';

const dirs: string[] = [];
const tempFile = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staffroom-log-'));
  dirs.push(dir);
  const file = path.join(dir, 'server.log');
  return { file, fd: fs.openSync(file, 'a') };
};
/**
 * Fills libuv's thread pool, first in first out, with slow key derivations, so that an asynchronous
 * file write queued now cannot run before the current synchronous code has finished: a write that
 * was meant to be synchronous but was not is then missing when the test reads the file.
 */
const busyThreadPool = (): Promise<unknown> =>
  Promise.all(
    Array.from({ length: 32 }, () => new Promise((resolve) => crypto.pbkdf2('p', 's', 20_000, 32, 'sha256', resolve))),
  );

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('batched log destination', () => {
  it('writes every line once, in order, across batches, with non-ASCII text intact', async () => {
    const { file, fd } = tempFile();
    // Batches handed over while a write is under way go out when it ends; the timer is out of reach.
    const destination = batchedDestination({ fd, batchBytes: 100, flushMs: 600_000 });
    const lines = Array.from({ length: 500 }, (_, i) => `{"n":${i},"msg":"Zoë’s shift ${'x'.repeat(i % 37)}"}\n`);
    for (const line of lines) destination.write(line);
    destination.flush();
    await expect.poll(() => fs.readFileSync(file, 'utf8').length, { timeout: 30_000 }).toBe(lines.join('').length);
    expect(fs.readFileSync(file, 'utf8')).toBe(lines.join(''));
  });

  it('holds a short batch until it is flushed, then writes it, synchronously however busy the machine', async () => {
    const { file, fd } = tempFile();
    const destination = batchedDestination({ fd, batchBytes: 4096 });
    destination.write('{"msg":"one"}\n');
    expect(fs.readFileSync(file, 'utf8')).toBe('');
    const busy = busyThreadPool();
    destination.flushSync();
    expect(fs.readFileSync(file, 'utf8')).toBe('{"msg":"one"}\n');
    await busy;
  });

  it('writes a batch handed over while another is being written, without another line or flush', async () => {
    const { file, fd } = tempFile();
    const destination = batchedDestination({ fd, batchBytes: 10, flushMs: 600_000 });
    destination.write('{"msg":"first batch"}\n');
    destination.write('{"msg":"second batch"}\n');
    await expect
      .poll(() => fs.readFileSync(file, 'utf8'), { timeout: 30_000 })
      .toBe('{"msg":"first batch"}\n{"msg":"second batch"}\n');
  });

  it('tells flush() when every line handed over is written, so what is printed next comes after them', async () => {
    const { file, fd } = tempFile();
    const destination = batchedDestination({ fd, batchBytes: 4096, flushMs: 600_000 });
    destination.write('{"msg":"started"}\n');
    const busy = busyThreadPool();
    const written = await new Promise<string>((resolve) =>
      destination.flush(() => resolve(fs.readFileSync(file, 'utf8'))),
    );
    expect(written).toBe('{"msg":"started"}\n');
    // With nothing waiting it still answers.
    await new Promise<void>((resolve) => destination.flush(resolve));
    await busy;
  });

  it('writes a short batch when it has waited flushMs, with nothing else to push it', async () => {
    const { file, fd } = tempFile();
    const destination = batchedDestination({ fd, batchBytes: 4096, flushMs: 10 });
    destination.write('{"msg":"quiet hour"}\n');
    await expect.poll(() => fs.readFileSync(file, 'utf8'), { timeout: 30_000 }).toBe('{"msg":"quiet hour"}\n');
  });

  it('writes the lines still waiting when the process exits', () => {
    const { file } = tempFile();
    const script = `
      import fs from 'node:fs';
      import { batchedDestination } from ${JSON.stringify(path.resolve('src/server/lib/log-destination.ts'))};
      const destination = batchedDestination({ fd: fs.openSync(${JSON.stringify(file)}, 'a'), flushMs: 60000 });
      destination.write('{"msg":"last words"}\\n');
      process.exit(0);
    `;
    execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
    expect(fs.readFileSync(file, 'utf8')).toBe('{"msg":"last words"}\n');
  });
});
