// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config.js';
import spaPlugin, { brandPage, IMMUTABLE, REVALIDATE, servableFiles } from './spa.js';

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
  write('assets/index-abc123.js.map', '{"version":3,"sources":["../../src/web/main.tsx"],"mappings":""}');
  write('assets/index-abc123.js.map.br', 'compressed map');
  write('assets/index-abc123.js.map.gz', 'compressed map');
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
  it('lists the files it serves: not the page, nothing under a dot folder, no source map', () => {
    expect([...servableFiles(dir)].sort()).toEqual([
      '/assets/index-abc123.js',
      '/assets/index-abc123.js.br',
      '/brands/logo.svg',
    ]);
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
    for (const url of [
      '/',
      '/dashboard',
      '/brands',
      '/assets/',
      '/index.html',
      '/.vite/manifest.json',
      '/assets/missing.js',
      '/assets/../index.html',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(REVALIDATE);
      expect(res.body, url).toContain('content="lantern-inns"');
    }
  });

  it('answers unknown API and metrics paths, source maps and other methods with the JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['GET', '/api'],
      ['GET', '/metrics'],
      ['GET', '/metrics/anything'],
      ['HEAD', '/metrics'],
      ['GET', '/assets/index-abc123.js.map'],
      ['GET', '/assets/index-abc123.js.map.br'],
      ['GET', '/assets/missing.js.map'],
      ['POST', '/assets/index-abc123.js'],
      ['POST', '/dashboard'],
    ] as const) {
      const res = await app.inject({ method, url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(404);
      if (method === 'HEAD') continue;
      expect(res.json(), url).toEqual({ errors: { message: `No such endpoint: ${method} ${url}` } });
    }
  });
});

describe('the page in a brand’s colours', () => {
  it('has the brand’s id, theme colour and background, in place of the default brand’s', () => {
    const page =
      '<meta name="staffroom-brand" content=""><meta name="theme-color" content="#1f3a5f"><body style="background:#f6f4ef"><circle stroke="#1f3a5f"/>';
    expect(brandPage(page, 'salt-and-ember')).toBe(
      '<meta name="staffroom-brand" content="salt-and-ember"><meta name="theme-color" content="#7a2e1d"><body style="background:#faf6f2"><circle stroke="#7a2e1d"/>',
    );
    expect(brandPage(page, 'lantern-inns')).toContain('content="#1f3a5f"');
  });

  it('has the brand’s dark background and loader colour for a device in the dark scheme', () => {
    const page = '<style>@media (prefers-color-scheme: dark){body{background:#10161f}circle{stroke:#9cc0ec}}</style>';
    expect(brandPage(page, 'salt-and-ember')).toBe(
      '<style>@media (prefers-color-scheme: dark){body{background:#16100e}circle{stroke:#f2a48c}}</style>',
    );
  });
});

describe('the installable app of the brand served', () => {
  let brandDir: string;
  let branded: FastifyInstance;

  beforeAll(async () => {
    brandDir = fs.mkdtempSync(path.join(os.tmpdir(), 'staffroom-spa-brand-'));
    fs.writeFileSync(path.join(brandDir, 'index.html'), PAGE);
    for (const brand of ['lantern-inns', 'salt-and-ember']) {
      fs.mkdirSync(path.join(brandDir, 'brands', brand, 'icons'), { recursive: true });
      fs.writeFileSync(path.join(brandDir, 'brands', brand, 'icons', 'favicon.ico'), `${brand} ico`);
      fs.writeFileSync(path.join(brandDir, 'brands', brand, 'icons', 'apple-touch-icon.png'), `${brand} png`);
    }
    branded = Fastify({ logger: false });
    await branded.register(spaPlugin, {
      config: { ...loadConfig({ BRAND: 'salt-and-ember' }), webDistDir: brandDir },
    });
  });

  afterAll(async () => {
    await branded.close();
    fs.rmSync(brandDir, { recursive: true, force: true });
  });

  it('answers its web app manifest, named and coloured for that brand', async () => {
    const res = await branded.inject({ url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.json()).toMatchObject({ name: 'Salt & Ember Staffroom', theme_color: '#7a2e1d' });
  });

  it('answers the root icons browsers ask for with that brand’s files', async () => {
    const ico = await branded.inject({ url: '/favicon.ico' });
    expect(ico.statusCode).toBe(200);
    expect(ico.body).toBe('salt-and-ember ico');
    expect(ico.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    const touch = await branded.inject({ url: '/apple-touch-icon.png' });
    expect([touch.headers['content-type'], touch.body]).toEqual(['image/png', 'salt-and-ember png']);
    // The files themselves stay at their own addresses too.
    expect((await branded.inject({ url: '/brands/lantern-inns/icons/favicon.ico' })).body).toBe('lantern-inns ico');
  });
});

describe('a signed-in screen’s page', () => {
  // A name an attacker could give themselves, to end the element and run a script of their own.
  const member = {
    forename: '</script><script>alert(1)</script>',
    surname: 'O’Neill <!--',
    email_address: 'a@example.com',
  };
  let signedIn: FastifyInstance;

  beforeAll(async () => {
    signedIn = Fastify({ logger: false });
    await signedIn.register(spaPlugin, {
      config: { ...loadConfig({}), webDistDir: dir },
      meOf: (request) => (request.headers['x-test-signed-in'] ? member : undefined),
    });
  });
  afterAll(() => signedIn.close());

  function embedded(html: string): unknown {
    const match = /<script type="application\/json" id="staffroom-me">(.*?)<\/script>/s.exec(html);
    return match ? JSON.parse(match[1]!) : undefined;
  }

  it('carries the member, escaped so no value can end the element, and is never stored', async () => {
    const res = await signedIn.inject({ url: '/dashboard', headers: { 'x-test-signed-in': '1' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(embedded(res.body)).toEqual(member);
    // One script element only: the name's own `</script>` did not close it.
    expect(res.body.match(/<script/g)).toHaveLength(1);
    expect(res.body).not.toContain('<!--');
    expect(res.body).toContain('content="lantern-inns"');
  });

  it('carries it compressed when the browser takes it', async () => {
    const res = await signedIn.inject({
      url: '/team-discount',
      headers: { 'x-test-signed-in': '1', 'accept-encoding': 'br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(embedded(zlib.brotliDecompressSync(res.rawPayload).toString())).toEqual(member);
  });

  it('carries nothing when signed out, nor on screens that do not load the member', async () => {
    const signedOut = await signedIn.inject({ url: '/dashboard' });
    expect(embedded(signedOut.body)).toBeUndefined();
    expect(signedOut.headers['cache-control']).toBe(REVALIDATE);
    for (const url of ['/login', '/onboard/abc', '/nope']) {
      const res = await signedIn.inject({ url, headers: { 'x-test-signed-in': '1' } });
      expect(embedded(res.body), url).toBeUndefined();
      expect(res.headers['cache-control'], url).toBe(REVALIDATE);
    }
  });
});

describe('the team-discount page', () => {
  const member = { forename: 'Sam', surname: 'Taylor' };
  // A venue name HR typed, which could end the element.
  const card = {
    name: 'Sam Taylor',
    location: '</script><script>alert(1)</script>',
    code: '123456',
    qr: 'data:image/png;base64,AAAA',
  };
  const asked: string[] = [];
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify({ logger: false });
    await app.register(spaPlugin, {
      config: { ...loadConfig({}), webDistDir: dir },
      meOf: (request) => (request.headers['x-test-signed-in'] ? member : undefined),
      discountStatusOf: (request) => {
        asked.push(request.url);
        return request.headers['x-test-selfie'] ? card : undefined;
      },
    });
  });
  afterAll(() => app.close());

  const element = (html: string, id: string): unknown => {
    const match = new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`, 's').exec(html);
    return match ? JSON.parse(match[1]!) : undefined;
  };

  it('carries the member and their card, each escaped, and is never stored', async () => {
    const res = await app.inject({ url: '/team-discount', headers: { 'x-test-signed-in': '1', 'x-test-selfie': '1' } });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(element(res.body, 'staffroom-me')).toEqual(member);
    expect(element(res.body, 'staffroom-discount-status')).toEqual(card);
    expect(res.body.match(/<script/g)).toHaveLength(2);
  });

  it('carries only the member without a card, nothing signed out, and asks for a card on no other page', async () => {
    const noSelfie = await app.inject({ url: '/team-discount', headers: { 'x-test-signed-in': '1' } });
    expect(element(noSelfie.body, 'staffroom-me')).toEqual(member);
    expect(element(noSelfie.body, 'staffroom-discount-status')).toBeUndefined();
    // Asked beside the member, so asked signed out too, but a card never travels without its member.
    const signedOut = await app.inject({ url: '/team-discount', headers: { 'x-test-selfie': '1' } });
    expect(element(signedOut.body, 'staffroom-discount-status')).toBeUndefined();
    expect(signedOut.headers['cache-control']).toBe(REVALIDATE);
    const before = asked.length;
    const dashboard = await app.inject({
      url: '/dashboard',
      headers: { 'x-test-signed-in': '1', 'x-test-selfie': '1' },
    });
    expect(element(dashboard.body, 'staffroom-discount-status')).toBeUndefined();
    expect(asked).toHaveLength(before);
  });
});

describe('a survey’s page', () => {
  const member = { forename: 'Sam', surname: 'Taylor' };
  // A question HR wrote, which could end the element.
  const survey = (id: string) => ({
    id: Number(id),
    name: 'Atmosphere audit',
    questions: [{ id: 1, question: '</script><script>alert(1)</script>', type: 'text' }],
  });
  const asked: string[] = [];
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify({ logger: false });
    await app.register(spaPlugin, {
      config: { ...loadConfig({}), webDistDir: dir },
      meOf: (request) => (request.headers['x-test-signed-in'] ? member : undefined),
      surveyOf: (_request, id) => {
        asked.push(id);
        return id === '6' ? survey(id) : undefined;
      },
    });
  });
  afterAll(() => app.close());

  const element = (html: string, id: string): unknown => {
    const match = new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`, 's').exec(html);
    return match ? JSON.parse(match[1]!) : undefined;
  };

  it('carries the member and the survey, escaped, and is never stored', async () => {
    const res = await app.inject({ url: '/survey/6', headers: { 'x-test-signed-in': '1' } });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(element(res.body, 'staffroom-me')).toEqual(member);
    expect(element(res.body, 'staffroom-survey')).toEqual(survey('6'));
    expect(res.body.match(/<script/g)).toHaveLength(2);
  });

  it('carries no survey for an unknown one or signed out, and asks on no other page', async () => {
    const unknown = await app.inject({ url: '/survey/99', headers: { 'x-test-signed-in': '1' } });
    expect(element(unknown.body, 'staffroom-me')).toEqual(member);
    expect(element(unknown.body, 'staffroom-survey')).toBeUndefined();
    const signedOut = await app.inject({ url: '/survey/6' });
    expect(element(signedOut.body, 'staffroom-survey')).toBeUndefined();
    const before = asked.length;
    await app.inject({ url: '/dashboard', headers: { 'x-test-signed-in': '1' } });
    expect(asked).toHaveLength(before);
  });
});

describe('a joiner’s link page', () => {
  // A forename HR typed for the joiner, which could end the element.
  const link = (token: string) => ({
    token,
    status: { step: 'details', data: { forename: '</script><script>alert(1)</script>' } },
    draft: null,
  });
  const asked: string[] = [];
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify({ logger: false });
    await app.register(spaPlugin, {
      config: { ...loadConfig({}), webDistDir: dir },
      onboardingOf: (_request, _reply, token) => {
        asked.push(token);
        return token === 'known-token' ? link(token) : undefined;
      },
    });
  });
  afterAll(() => app.close());

  const embedded = (html: string): unknown => {
    const match = /<script type="application\/json" id="staffroom-onboarding">(.*?)<\/script>/s.exec(html);
    return match ? JSON.parse(match[1]!) : undefined;
  };

  it('carries the link’s status and draft, escaped, and is never stored', async () => {
    const res = await app.inject({ url: '/onboard/known-token' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(embedded(res.body)).toEqual(link('known-token'));
    expect(res.body.match(/<script/g)).toHaveLength(1);
    expect(asked.at(-1)).toBe('known-token');
  });

  it('carries nothing for a link the server does not know, and asks for no other page', async () => {
    const res = await app.inject({ url: '/onboard/unknown-token' });
    expect(embedded(res.body)).toBeUndefined();
    expect(res.headers['cache-control']).toBe(REVALIDATE);
    const before = asked.length;
    for (const url of ['/login', '/dashboard', '/contract/known-token', '/onboard/known-token/extra']) {
      const other = await app.inject({ url });
      expect(embedded(other.body), url).toBeUndefined();
    }
    expect(asked).toHaveLength(before);
  });
});
