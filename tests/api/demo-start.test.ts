/**
 * A start of a demo database, as `npm start` runs the server: a process of its own on an embedded
 * data folder. The first start seeds the demo; every start, the second too, ends with the address,
 * the demo sign-ins and working onboarding and agreement links, after the start's own log lines
 * (README.md, Quick start).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const SERVER = [path.resolve('node_modules/tsx/dist/cli.mjs'), path.resolve('src/server/main.ts')];

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

interface Started {
  process: ChildProcess;
  /** Everything written to standard output so far. */
  output: () => string;
}

/**
 * Starts the server on `dataDir` and resolves once its standard output has the line `until` matches;
 * rejects with the output so far if the process ends or two minutes pass first.
 */
function start(dataDir: string, port: number, until: RegExp): Promise<Started> {
  const child = spawn(process.execPath, SERVER, {
    env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let stdout = '';
  let stderr = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail('did not print it within two minutes'), 120_000);
    const fail = (why: string) => {
      clearTimeout(timer);
      reject(new Error(`The server ${why}. Its output:\n${stdout}\n${stderr}`));
    };
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (until.test(stdout)) {
        clearTimeout(timer);
        resolve({ process: child, output: () => stdout });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => fail(`ended with status ${code}`));
  });
}

/** Stops a started server as Ctrl-C does, and waits for it to end. */
async function stop(started: Started): Promise<void> {
  const ended = new Promise((resolve) => started.process.once('exit', resolve));
  started.process.kill('SIGINT');
  await ended;
  running.delete(started.process);
}

const running = new Set<ChildProcess>();
const dirs: string[] = [];
afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

const LAST_LINE = /^\(Mail goes to .*\)$/m;
const onboardingLink = (output: string) => /^Onboarding link of the demo joiner \S+: (\S+)$/m.exec(output)?.[1];
const agreementLink = (output: string) => /^Agreement for jamie\.patel@example\.com to sign: (\S+)$/m.exec(output)?.[1];

/** The API answer behind a printed page link (`/onboard/<token>`, `/agreement/<token>`), asked on 127.0.0.1. */
async function statusOf(link: string, port: number): Promise<number> {
  const { pathname } = new URL(link);
  const [, kind, token] = pathname.split('/');
  const api = kind === 'onboard' ? `/api/staff/self-service-onboard/${token}` : `/api/staff/agreement/${token}`;
  return (await fetch(`http://127.0.0.1:${port}${api}`)).status;
}

describe('a start of a demo database', () => {
  it('prints the address, the sign-ins and working links last, on the first start and on the next', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'staffroom-demo-start-'));
    dirs.push(dataDir);
    const port = await freePort();

    const first = await start(dataDir, port, LAST_LINE);
    const firstLinks = { onboarding: onboardingLink(first.output()), agreement: agreementLink(first.output()) };
    expect(firstLinks.onboarding).toMatch(new RegExp(`^http://localhost:${port}/onboard/[\\w-]{43}$`));
    expect(firstLinks.agreement).toMatch(new RegExp(`^http://localhost:${port}/agreement/[\\w-]{43}$`));
    // The start's log lines, its last one included, come before what a newcomer reads.
    const block = first.output().indexOf('Staffroom is running at');
    expect(first.output().indexOf('"started in')).toBeGreaterThan(-1);
    expect(first.output().indexOf('"started in')).toBeLessThan(block);
    expect(first.output().slice(block)).not.toContain('"level"');
    await stop(first);

    const second = await start(dataDir, port, LAST_LINE);
    const output = second.output();
    const tail = output.slice(output.indexOf('Staffroom is running at')).trim().split('\n');
    expect(tail[0]).toBe(`Staffroom is running at http://localhost:${port}`);
    expect(tail).toContain('Demo sign-ins (password Staffroom2026):');
    expect(tail.some((line) => line.trim().startsWith('sam.taylor@example.com'))).toBe(true);
    expect(tail.at(-1)).toMatch(LAST_LINE);
    expect(output.slice(output.indexOf('Staffroom is running at'))).not.toContain('"level"');

    // New links that open the joiner's onboarding and the agreement; the first start's stop working.
    const links = { onboarding: onboardingLink(output)!, agreement: agreementLink(output)! };
    expect(links.onboarding).toMatch(/\/onboard\/[\w-]{43}$/);
    expect(links.agreement).toMatch(/\/agreement\/[\w-]{43}$/);
    expect(links.onboarding).not.toBe(firstLinks.onboarding);
    expect(links.agreement).not.toBe(firstLinks.agreement);
    expect(await statusOf(links.onboarding, port)).toBe(200);
    expect(await statusOf(links.agreement, port)).toBe(200);
    expect(await statusOf(firstLinks.onboarding!, port)).toBe(404);
    expect(await statusOf(firstLinks.agreement!, port)).toBe(404);
    await stop(second);
  });
});
