/**
 * docs/product.md#frame: "the page reloads when the service worker updates", but never over unsaved
 * typing. A second server serves a copy of the build (WEB_DIST_DIR) on a fresh data folder with the
 * demo group; a test opens a page there, then publishes a new version into that copy (sw.js with a
 * changed revision in its precache list, as a rebuild with a changed page writes it) and asks the
 * browser to look for it. And what the worker precaches, read from the build.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page } from '@playwright/test';
import { DEMO, expect, signInThroughProvider, test, waitForServiceWorkerControl } from './fixtures.js';

let folder = '';
let origin = '';
let server: ChildProcess | undefined;
let versions = 0;

/** What the app logs when it holds a new version back for unsaved changes (src/web/lib/service-worker.ts). */
const UPDATE_HELD_MESSAGE =
  'Staffroom: a new version is ready; it loads once the changes on this page are saved or closed.';

/** A port nothing listens on. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/**
 * Starts the second server on a free port and a fresh data folder; resolves once it answers, or
 * rejects with what it printed when it ends or does not answer within `answerMs`.
 */
async function startSecondServer(answerMs: number): Promise<void> {
  const port = await freePort();
  origin = `http://localhost:${port}`;
  const output: string[] = [];
  const started = spawn(process.execPath, [path.resolve('dist/server/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: path.join(folder, `data-${port}`),
      WEB_DIST_DIR: path.join(folder, 'web'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = started;
  started.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  started.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const deadline = Date.now() + answerMs;
  while (Date.now() < deadline && started.exitCode === null) {
    if (
      (await fetch(`${origin}/api/health`).then(
        (res) => res.status,
        () => 0,
      )) === 200
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  started.kill('SIGKILL');
  throw new Error(
    `the second server (port ${port}) ${started.exitCode === null ? `did not answer within ${answerMs} ms` : `ended with ${started.exitCode}`}; it printed:\n${output.join('')}`,
  );
}

test.beforeAll(async () => {
  test.setTimeout(150_000);
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'staffroom-sw-update-'));
  await fs.cp(path.resolve('dist/web'), path.join(folder, 'web'), { recursive: true });
  // A second try on another port and folder: CI once saw this server silent for 90 s on a busy
  // machine (the port probed free may also be taken before the server binds it). What the failed
  // try printed, start-up phases included, is kept in the run's output for whoever looks into it.
  try {
    await startSecondServer(60_000);
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    await startSecondServer(60_000);
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await fs.rm(folder, { recursive: true, force: true });
});

/** Publishes a new version into the served copy: sw.js (and its compressed copies) with the page's revision changed. */
async function publishNewVersion(): Promise<void> {
  const file = path.join(folder, 'web', 'sw.js');
  const current = await fs.readFile(file, 'utf8');
  versions += 1;
  const next = current.replace(
    /"revision":"([0-9a-f]+)(-v\d+)?","url":"index.html"/,
    `"revision":"$1-v${versions}","url":"index.html"`,
  );
  expect(next, 'the precache list names index.html').not.toBe(current);
  await fs.writeFile(file, next);
  await fs.writeFile(`${file}.br`, zlib.brotliCompressSync(next));
  await fs.writeFile(`${file}.gz`, zlib.gzipSync(next));
}

/** Waits until the service worker controls the page, then marks the page so a reload shows. */
async function markControlledPage(page: Page): Promise<void> {
  await waitForServiceWorkerControl(page);
  await page.evaluate('window.beforeTheUpdate = true');
}

const marked = (page: Page) => page.evaluate('window.beforeTheUpdate === true');
const lookForUpdate = (page: Page) =>
  page.evaluate('navigator.serviceWorker.getRegistration().then((registration) => registration.update())');

test('a new version reloads the open page', async ({ page }) => {
  await page.goto(`${origin}/login`);
  await markControlledPage(page);
  await publishNewVersion();
  const reloaded = page.waitForEvent('load');
  await lookForUpdate(page);
  await reloaded;
  expect(await marked(page)).toBe(false);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
});

test('a new version waits while a form has unsaved changes, and reloads once they are gone', async ({ page }) => {
  await signInThroughProvider(page, DEMO.sam, undefined, origin);
  await page.goto(`${origin}/my-details`);
  await markControlledPage(page);
  await page.getByRole('button', { name: 'Edit Personal & Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Personal & Profile' });
  await dialog.getByRole('textbox', { name: 'Address line 1' }).fill('12 Unsaved Street');

  await publishNewVersion();
  const held = page.waitForEvent('console', (message) => message.text() === UPDATE_HELD_MESSAGE);
  await lookForUpdate(page);
  await held;
  // The app has decided to wait: the page and the typing are still there.
  expect(await marked(page)).toBe(true);
  await expect(dialog.getByRole('textbox', { name: 'Address line 1' })).toHaveValue('12 Unsaved Street');

  // Closing the form without saving lets the new version in, and the page reloads.
  const reloaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await reloaded;
  expect(await marked(page)).toBe(false);
  await expect(page.getByRole('button', { name: 'Edit Personal & Profile' })).toBeVisible();
});

test('the service worker precaches the app shell, but not pdf.js, source maps or compressed copies', () => {
  const worker = readFileSync(path.resolve('dist/web/sw.js'), 'utf8');
  const precached = [...worker.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]!);
  expect(precached).toContain('index.html');
  expect(precached.some((url) => /^assets\/index-.*\.js$/.test(url))).toBe(true);
  expect(precached.some((url) => /^assets\/team-discount-.*\.js$/.test(url))).toBe(true);
  // pdf.js is the pdf-viewer chunk and its worker; the small lazy wrapper that loads it may be precached.
  expect(precached.filter((url) => /^assets\/pdf-viewer-|pdf\.worker|\.map$|\.br$|\.gz$/.test(url))).toEqual([]);
  expect(precached.some((url) => /^assets\/pdf-viewer-/.test(url))).toBe(false);
});
