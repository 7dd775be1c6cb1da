/**
 * A stop that keeps its promise (docs/operations.md#stopping), on a server process of its own with
 * SHUTDOWN_DRAIN_S=1 and SHUTDOWN_GRACE_S=3: after SIGTERM readiness answers 503 at once while the
 * listener still serves; then the listener closes, an idle keep-alive connection is closed, and a
 * request in flight (a body the client is still sending) finishes with 200 and `Connection: close`;
 * and a client that never finishes its request cannot hold the process past the grace deadline.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './helpers/free-port.js';
import { killServers, spawnServer, STARTED, tinyWebBuild, type ServerProcess } from './helpers/server-process.js';

/** Comfortably above SHUTDOWN_GRACE_S: the process must have ended by then, whatever clients do. */
const EXIT_WITHIN_MS = 30_000;
const LOGOUT = '/api/staff/self-service/logout';

let web: string;
const dirs: string[] = [];
beforeAll(async () => {
  web = await tinyWebBuild();
  dirs.push(web);
});
afterAll(async () => {
  killServers();
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

async function startServer(): Promise<{ server: ServerProcess; port: number }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'staffroom-stop-'));
  dirs.push(dataDir);
  const port = await freePort();
  const server = spawnServer({
    env: {
      DATA_DIR: dataDir,
      PORT: String(port),
      WEB_DIST_DIR: web,
      SEED_DEMO: 'never',
      SHUTDOWN_DRAIN_S: '1',
      SHUTDOWN_GRACE_S: '3',
    },
  });
  await server.waitFor(STARTED);
  return { server, port };
}

/** Resolves with `promise`'s value, or rejects once `ms` have passed. */
function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms))),
  ]);
}

/** A connection that has had one answer and stays open, as a browser's or a balancer's idle one. */
async function idleKeepAliveConnection(port: number): Promise<{ closed: Promise<void> }> {
  const socket = net.connect(port, '127.0.0.1');
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => {});
  await new Promise<void>((resolve) => {
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      if (answer.includes('"status":"ok"')) resolve();
    });
    socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
  });
  return { closed };
}

/** An XSRF cookie and its header value for a signed-out browser (the cookie any API answer sets). */
async function xsrf(port: number): Promise<{ cookie: string; header: string }> {
  const res = await fetch(`http://127.0.0.1:${port}/api/health`);
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('XSRF-TOKEN='))!
    .split(';')[0]!;
  return { cookie, header: decodeURIComponent(cookie.slice('XSRF-TOKEN='.length)) };
}

/** A sign-out whose JSON body is sent in two parts: `finish()` sends the rest. */
function slowLogout(
  port: number,
  token: { cookie: string; header: string },
): { finish(): void; answer: Promise<{ status: number; connection?: string; body: string }> } {
  const body = `{"padding":"${'x'.repeat(1000)}"}`;
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: LOGOUT,
    agent: false,
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      cookie: token.cookie,
      'x-xsrf-token': token.header,
    },
  });
  const answer = new Promise<{ status: number; connection?: string; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body: text }));
    });
    req.on('error', reject);
  });
  req.write(body.slice(0, 10));
  return { finish: () => req.end(body.slice(10)), answer };
}

/** Answers once `url` answers `status` (asked again until it does). */
async function until(url: string, status: number): Promise<{ status: number; body: unknown }> {
  for (;;) {
    const res = await fetch(url);
    if (res.status === status) return { status, body: await res.json() };
  }
}

/** Resolves once nothing accepts connections on `port` any more. */
async function listenerClosed(port: number): Promise<void> {
  for (;;) {
    const refused = await new Promise<boolean>((resolve) => {
      const probe = net.connect(port, '127.0.0.1');
      probe.once('connect', () => {
        probe.destroy();
        resolve(false);
      });
      probe.once('error', () => resolve(true));
    });
    if (refused) return;
  }
}

describe('a stop on SIGTERM', () => {
  it('fails readiness at once, closes idle connections, lets a request in flight finish, and ends', async () => {
    const { server, port } = await startServer();
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/api/ready`)).status).toBe(200);
    const idle = await idleKeepAliveConnection(port);
    const logout = slowLogout(port, await xsrf(port));

    server.child.kill('SIGTERM');
    // During the drain the listener still answers, and readiness says not to send requests.
    const ready = await until(`${base}/api/ready`, 503);
    expect(ready.body).toEqual({ errors: { message: 'Not ready: the server is stopping.', code: 'NOT_READY' } });

    await listenerClosed(port);
    await within(EXIT_WITHIN_MS, idle.closed, 'the idle connection was not closed');
    logout.finish();
    const answer = await logout.answer;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ data: { signed_out: true } });
    expect(answer.connection).toBe('close');
    expect(await within(EXIT_WITHIN_MS, server.exited, 'the process did not end')).toBe(0);
  }, 180_000);

  it('ends at the grace deadline with a request that never finishes still open', async () => {
    const { server, port } = await startServer();
    const stuck = slowLogout(port, await xsrf(port));
    stuck.answer.catch(() => {});
    server.child.kill('SIGTERM');
    expect(await within(EXIT_WITHIN_MS, server.exited, 'the process did not end')).toBe(1);
    expect(server.output()).toContain('stopping took longer than SHUTDOWN_GRACE_S allows');
  }, 180_000);
});
