// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config.js';
import spaPlugin, { IMMUTABLE, REVALIDATE, servableFiles } from './spa.js';

const PAGE = '<!doctype html><html><head><meta name="staffroom-brand" content="x"></head><body></body></html>';
let dir: string;
let app: FastifyInstance;

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), text);
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staffroom-spa-'));
  write('index.html', PAGE);
  write('assets/index-abc123.js', 'console.log("app");');
  write('assets/index-abc123.js.br', zlib.brotliCompressSync('console.log("app");').toString('latin1'));
  write('brands/logo.svg', '<svg/>');
  write('.vite/manifest.json', '{}');
  app = Fastify({ logger: false });
  await app.register(spaPlugin, { config: { ...loadConfig({}), webDistDir: dir } });
});

afterAll(async () => {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('lists the files it serves: not the page, nothing under a dot folder', () => {
    expect([...servableFiles(dir)].sort()).toEqual(['/assets/index-abc123.js', '/assets/index-abc123.js.br', '/brands/logo.svg']);
  });

  it('serves a built file, compressed when the browser takes it, cached for a year when hashed', async () => {
    const plain = await app.inject({ url: '/assets/index-abc123.js?v=1' });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe('console.log("app");');
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    const br = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    const head = await app.inject({ method: 'HEAD', url: '/brands/logo.svg' });
    expect(head.statusCode).toBe(200);
  });

  it('answers the page for routes, folders, the page itself and what is not served', async () => {
    for (const url of ['/', '/dashboard', '/brands', '/assets/', '/index.html', '/.vite/manifest.json', '/assets/missing.js', '/assets/../index.html']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(REVALIDATE);
      expect(res.body, url).toContain('content="lantern-inns"');
    }
  });

  it('answers unknown API paths and other methods with the JSON 404', async () => {
    for (const [method, url] of [['GET', '/api/nope'], ['POST', '/assets/index-abc123.js'], ['POST', '/dashboard']] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ errors: { message: `No such endpoint: ${method} ${url}` } });
    }
  });
});
