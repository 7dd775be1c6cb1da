/**
 * Behind a real nginx that appends to X-Forwarded-For (`$proxy_add_x_forwarded_for`, as its own docs and
 * most cloud balancers do), with TRUST_PROXY=1 (docs/operations.md#behind-a-load-balancer): a client that
 * writes its own X-Forwarded-For is still counted by the rate limits and recorded in the audit log under
 * the address nginx saw, never the one it forged.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '@server/db/schema.js';
import { Browser, signIn } from './helpers/browser.js';
import { freePort } from './helpers/free-port.js';
import { createTestApp } from './helpers/test-app.js';

const NGINX = '/usr/sbin/nginx';
const FORGED = '203.0.113.7';

/** A browser whose every request carries a forged X-Forwarded-For, as an attacker's would. */
class ForgingBrowser extends Browser {
  override request(...[method, url, opts = {}]: Parameters<Browser['request']>) {
    return super.request(method, url, { ...opts, headers: { 'x-forwarded-for': FORGED, ...opts.headers } });
  }
}

/** Answers once something accepts connections on the port, trying again while nothing does. */
async function untilListening(port: number, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(!!socket.end()));
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Starts nginx in the foreground on loopback, proxying to the app as a production set-up would. */
async function startNginx(port: number, appPort: number): Promise<{ stop(): Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'staffroom-nginx-'));
  const conf = `
${process.getuid?.() === 0 ? 'user root;' : ''}
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://127.0.0.1:${appPort};
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`;
  await fs.writeFile(path.join(dir, 'nginx.conf'), conf);
  const child = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'inherit' });
  await untilListening(port, child);
  return {
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

const haveNginx = await fs.access(NGINX).then(
  () => true,
  () => false,
);
// CI installs nginx (.ci/run); elsewhere the suite says what it needs rather than failing.
const suite = haveNginx || process.env.CI ? describe : describe.skip;

suite('behind nginx with TRUST_PROXY=1', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let nginx: Awaited<ReturnType<typeof startNginx>>;
  let portal: string;

  beforeAll(async () => {
    const appPort = await freePort();
    const nginxPort = await freePort();
    portal = `http://127.0.0.1:${nginxPort}`;
    t = await createTestApp('pglite', { env: { PUBLIC_URL: portal, TRUST_PROXY: '1' } });
    await t.app.listen({ host: '127.0.0.1', port: appPort });
    nginx = await startNginx(nginxPort, appPort);
  }, 60_000);
  afterAll(async () => {
    await nginx?.stop();
    await t?.dropAll();
  });

  it('records the address nginx saw, not the forged one, in the audit log', async () => {
    const browser = new ForgingBrowser({});
    const { user } = await signIn(browser, portal, 'morgan.hughes@example.com');
    const [event] = await t.app.database.db
      .select({ ip: auditEvents.ip })
      .from(auditEvents)
      .where(and(eq(auditEvents.staffId, user.id), eq(auditEvents.action, 'sign-in.session-started')));
    expect(event?.ip).toBe('127.0.0.1');
  });

  it('counts a client that forges X-Forwarded-For under its real address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      // A new forged address each time: trusted, each would start a fresh count.
      const res = await fetch(
        `${portal}/api/staff/self-service/auth?redirect_uri=${encodeURIComponent(`${portal}/login`)}`,
        {
          headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
        },
      );
      statuses.push(res.status);
    }
    // The limit is 30 a minute per address (modules/auth/routes.ts), the sign-in above used one.
    expect(statuses.slice(0, 29)).toEqual(Array(29).fill(200));
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
  });
});
