/**
 * The portal as the benchmarks drive it: the built server (`dist/server/main.js`) on a fresh data
 * folder or database with the demo seed, and the demo member signed in through the real flow in
 * Debian's Chromium, with a selfie so the discount card answers.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { chromium } from 'playwright-core';
import sharp from 'sharp';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const DEMO = { email: 'sam.taylor@example.com', password: 'Staffroom2026' };

/**
 * Starts the server; resolves once it listens, with the demo joiner's onboarding path and the new
 * starter's agreement path (undefined for
 * a further instance of a deployment, `joining: true`, which shares the first one's data folder and
 * database and seeds nothing). Once it is ready, its log goes to `<dataDir>.log`. `env` adds to or
 * overrides the server's environment (a setting to compare); `cwd` is the folder of the build to start
 * (default this one: another worktree's build, to compare two).
 * @param {{ port: number, dataDir: string, databaseUrl?: string, joining?: boolean, env?: Record<string, string>, cwd?: string }} opts
 */
export async function startPortal({ port, dataDir, databaseUrl, joining = false, env = {}, cwd }) {
  if (!joining) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.mkdirSync(dataDir, { recursive: true });
  }
  const base = `http://localhost:${port}`;
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: base,
      // The default level, as in production: a request's log line is part of its cost.
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    cwd,
  });
  let out = '';
  const onStart = (chunk) => (out += chunk);
  server.stdout.on('data', onStart);
  const onboardPath = await new Promise((resolve, reject) => {
    // The agreement's line comes before the joiner's (demoLinkLines), so it is in `out` by then.
    server.stdout.on('data', () => {
      const link = /Onboarding link of the demo joiner \S+: (\S+)/.exec(out);
      if (link) resolve(new URL(link[1]).pathname);
      else if (joining && out.includes('Staffroom is running at')) resolve(undefined);
    });
    server.once('exit', (code) => reject(new Error(`the server stopped (${code}) before it was ready:\n${out}`)));
  });
  // From here on the request log goes to a file, as to a deployment's log collector: kept in this
  // process and searched on every chunk, it cost the load generator beside it more CPU than a request
  // cost the server, and so slowed the very client that measures the server.
  server.stdout.removeAllListeners('data');
  server.stdout.pipe(fs.createWriteStream(`${dataDir}.log`, { flags: 'a' }));
  const agreement = /Agreement for \S+ to sign: (\S+)/.exec(out);
  return { server, base, onboardPath, agreementPath: agreement ? new URL(agreement[1]).pathname : undefined };
}

/**
 * Signs the demo member (or `who`, a demo member too) in, gives them a selfie if they have none;
 * answers the session's Cookie header.
 */
export async function signIn(base, who = DEMO) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    await page.goto(`${base}/login`);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByLabel('Email address').fill(who.email);
    await page.getByLabel('Password').fill(who.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');
    const cookies = await page.context().cookies(base);
    const xsrf = cookies.find((c) => c.name.endsWith('XSRF-TOKEN'))?.value ?? '';
    const jpeg = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#c08060' } })
      .jpeg()
      .toBuffer();
    const saved = await page.request.post(`${base}/api/staff/self-service/image`, {
      headers: { 'X-XSRF-TOKEN': xsrf, 'X-Application-version': '0.0.1' },
      data: { image_data: `data:image/jpeg;base64,${jpeg.toString('base64')}` },
    });
    // 409: the demo member has a selfie already, which is all the discount card needs.
    if (!saved.ok() && saved.status() !== 409)
      throw new Error(`the selfie was refused: ${saved.status()} ${await saved.text()}`);
    const after = await page.context().cookies(base);
    return after.map((c) => `${c.name}=${c.value}`).join('; ');
  } finally {
    await browser.close();
  }
}
