/**
 * The server as a process of its own (`src/server/main.ts` with tsx's loader),
 * for the tests of starting and stopping: its output kept, its end awaited, and whatever is left
 * running killed after the file's tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * tsx as a loader of this very process, not its CLI: the CLI runs the server as a child and, when that
 * child does not acknowledge a signal within 30 ms (a busy machine), signals it again, then kills it.
 */
const TSX_LOADER = pathToFileURL(path.resolve('node_modules/tsx/dist/loader.mjs')).href;
const running = new Set<ChildProcess>();

export interface ServerProcess {
  child: ChildProcess;
  /** Everything written to standard output and standard error so far. */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Resolves once the output matches `pattern`; rejects if the process ends or `timeoutMs` passes first. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
}

/**
 * Starts `entry` (the repository's `src/server/main.ts` by default) with `env` over the test's own
 * environment, in `cwd`; `tsconfig` is the one whose path aliases tsx resolves (found from `cwd`
 * otherwise).
 */
export function spawnServer(opts: {
  env: Record<string, string>;
  cwd?: string;
  entry?: string;
  tsconfig?: string;
}): ServerProcess {
  const child = spawn(process.execPath, ['--import', TSX_LOADER, opts.entry ?? path.resolve('src/server/main.ts')], {
    cwd: opts.cwd,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      ...(opts.tsconfig ? { TSX_TSCONFIG_PATH: opts.tsconfig } : {}),
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const watchers = new Set<() => void>();
  const heard = (chunk: Buffer) => {
    output += chunk.toString();
    for (const watcher of watchers) watcher();
  };
  child.stdout!.on('data', heard);
  child.stderr!.on('data', heard);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return {
    child,
    output: () => output,
    exited,
    waitFor: (pattern, timeoutMs = 120_000) =>
      new Promise<void>((resolve, reject) => {
        const done = (err?: Error) => {
          watchers.delete(check);
          clearTimeout(timer);
          if (err) reject(err);
          else resolve();
        };
        const check = () => {
          if (pattern.test(output)) done();
        };
        const timer = setTimeout(
          () => done(new Error(`No ${pattern} within ${timeoutMs} ms. Output:\n${output}`)),
          timeoutMs,
        );
        watchers.add(check);
        void exited.then((code) => {
          if (!pattern.test(output)) done(new Error(`Ended with status ${code} before ${pattern}. Output:\n${output}`));
        });
        check();
      }),
  };
}

/** Kills what a file's tests left running (call from afterAll). */
export function killServers(): void {
  for (const child of running) child.kill('SIGKILL');
}

/** The server's log line that ends a start (serve.ts). */
export const STARTED = /"msg":"started in \d+ ms"/;

/** A web build of one page: as much of one as the server needs to serve its pages. */
export async function tinyWebBuild(dir?: string): Promise<string> {
  const folder = dir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'staffroom-web-')));
  await fs.mkdir(folder, { recursive: true });
  await fs.writeFile(
    path.join(folder, 'index.html'),
    '<!doctype html><html><head><meta name="staffroom-brand" content="lantern-inns"></head><body></body></html>',
  );
  return folder;
}
