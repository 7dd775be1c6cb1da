/**
 * Bytes on the wire for a phone on poor signal: every text file of the build comes back brotli- or
 * gzip-compressed as the browser asks, decoding to exactly the built file; hashed assets are cached
 * for a year, and the page and the service worker are revalidated on every load.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { TEXT_ASSET } from '../../vite.config.js';
import { expect, test } from './fixtures.js';

const DIST = path.resolve('dist/web');
const files = (fs.readdirSync(DIST, { recursive: true }) as string[])
  // Dot folders (.vite, the build manifest) are for the server, and source maps for whoever holds the
  // build: neither is served.
  .filter(
    (file) =>
      TEXT_ASSET.test(file) &&
      !file.startsWith('.') &&
      !file.endsWith('.map') &&
      fs.statSync(path.join(DIST, file)).isFile(),
  )
  .map((file) => file.split(path.sep).join('/'));

function get(
  url: string,
  acceptEncoding: string,
): Promise<{ status?: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

const DECODE = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync } as const;

test('every text file of the build is served compressed, by negotiation', async ({ baseURL }) => {
  expect(files.length).toBeGreaterThan(20);
  expect(files).toContain('index.html');
  for (const file of files) {
    const url = `${baseURL}/${file === 'index.html' ? 'dashboard' : file}`;
    const built = fs.readFileSync(path.join(DIST, file));
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await get(url, encoding === 'br' ? 'gzip, deflate, br' : 'gzip, deflate');
      expect(res.headers['content-encoding'], `${file} with ${encoding}`).toBe(encoding);
      expect(res.headers.vary ?? '', file).toMatch(/accept-encoding/i);
      const decoded = DECODE[encoding](res.body);
      if (file === 'index.html')
        expect(decoded.toString()).toContain('<meta name="staffroom-brand" content="lantern-inns">');
      else expect(decoded.equals(built), `${file} decodes to the built file`).toBe(true);
    }
  }
});

test('source maps are not served, compressed or not', async ({ baseURL }) => {
  const script = files.find((file) => file.startsWith('assets/') && file.endsWith('.js'))!;
  expect(fs.existsSync(path.join(DIST, `${script}.map`)), 'the build still writes the map').toBe(true);
  for (const encoding of ['gzip, deflate, br', 'identity']) {
    const res = await get(`${baseURL}/${script}.map`, encoding);
    expect(res.status, encoding).toBe(404);
    expect(res.headers['content-type'] ?? '', encoding).toMatch(/application\/json/);
    expect(res.body.toString(), encoding).not.toContain('"mappings"');
  }
});

test('a browser that takes no compression still gets every file', async ({ baseURL }) => {
  const script = files.find((file) => file.startsWith('assets/') && file.endsWith('.js'))!;
  const res = await get(`${baseURL}/${script}`, 'identity');
  expect(res.headers['content-encoding']).toBeUndefined();
  expect(res.body.equals(fs.readFileSync(path.join(DIST, script)))).toBe(true);
});

test('hashed assets are cached for a year; the page and the service worker are revalidated', async ({ baseURL }) => {
  const script = files.find((file) => file.startsWith('assets/') && file.endsWith('.js'))!;
  expect((await get(`${baseURL}/${script}`, 'br')).headers['cache-control']).toBe(
    'public, max-age=31536000, immutable',
  );
  for (const page of ['/', '/login', '/index.html']) {
    const res = await get(`${baseURL}${page}`, 'br');
    expect(res.headers['cache-control'], page).toBe('no-cache');
    expect(DECODE.br(res.body).toString(), page).toContain('content="lantern-inns"');
  }
  expect(files).toContain('sw.js');
  expect((await get(`${baseURL}/sw.js`, 'br')).headers['cache-control']).toBe('no-cache');
});

test("each page preloads its own screen's code, and the build manifest stays private", async ({ baseURL }) => {
  const manifest = JSON.parse(fs.readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const preloads = async (page: string) => {
    const html = DECODE.br((await get(`${baseURL}${page}`, 'br')).body).toString();
    return [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map((m) => m[1]);
  };
  const dashboard = await preloads('/dashboard');
  expect(dashboard).toContain(manifest['app/routes/app/layout.tsx']!.file);
  expect(dashboard).toContain(manifest['app/routes/app/dashboard.tsx']!.file);
  expect(await preloads('/login')).toContain(manifest['app/routes/login.tsx']!.file);
  expect(await preloads('/login')).not.toContain(manifest['app/routes/app/dashboard.tsx']!.file);
  expect(await preloads('/onboard/some-token')).toContain(manifest['app/routes/onboard.tsx']!.file);
  for (const file of dashboard) {
    const res = await get(`${baseURL}/${file}`, 'br');
    expect(res.headers['content-encoding'], file).toBe('br');
  }
  const res = await get(`${baseURL}/.vite/manifest.json`, 'identity');
  expect(res.headers['content-type']).toContain('text/html');
});
