/**
 * Serves the built SPA (dist/web): every text file compressed (the .br and .gz the build wrote,
 * chosen by `Accept-Encoding`), hashed assets cached for a year, `index.html` (with the brand
 * written in, and the route's own code preloaded: route-preloads.ts) and `sw.js` revalidated on
 * every load, for every non-API GET that is not a file (history fallback). The brand's web app manifest,
 * `/favicon.ico` and `/apple-touch-icon.png` are the brand's own (src/shared/web-app-manifest.ts). Unknown `/api/...` and
 * `/metrics...` paths (metrics.ts serves `/metrics` only when configured), source maps, and
 * anything that is not a GET, answer a JSON 404 in the error envelope (docs/architecture.md#wire-conventions). A signed-in screen's page, asked for with
 * a live session, carries the member as `GET /me` would answer them, and a joiner's link page carries
 * the link's onboarding status and draft; such a page is never stored.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import serialize from 'serialize-javascript';
import type { AppConfig } from '@server/config.js';
import { DEFAULT_BRAND_ID, getBrand } from '@shared/brands.js';
import { EMBEDDED_ME_ELEMENT_ID } from '@shared/constants.js';
import { EMBEDDED_DISCOUNT_STATUS_ELEMENT_ID } from '@shared/discount-card-page.js';
import { EMBEDDED_ONBOARDING_ELEMENT_ID } from '@shared/onboarding-link-page.js';
import { EMBEDDED_SURVEY_ELEMENT_ID } from '@shared/survey-page.js';
import {
  APPLE_TOUCH_ICON,
  brandIconFolder,
  FAVICON,
  MANIFEST_PATH,
  MANIFEST_TYPE,
  webAppManifest,
} from '@shared/web-app-manifest.js';
import { envelope } from './errors.js';
import { routePreloads } from './route-preloads.js';

/** Hashed file names change with their content, so they may be kept for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files whose name stays while their content changes: the browser asks again every time. */
export const REVALIDATE = 'no-cache';

/** Cache-Control of a built file, by its path inside dist/web. */
export function cacheControlFor(relativePath: string): string {
  if (relativePath.startsWith(`assets${path.sep}`)) return IMMUTABLE;
  if (relativePath === 'sw.js' || relativePath.endsWith('.html')) return REVALIDATE;
  return 'public, max-age=300';
}

type PageEncoding = 'br' | 'gzip' | 'identity';

/**
 * The page itself in each encoding, compressed at the best setting the first time it is asked for
 * and kept. Not at start: brotli's best setting takes about 3 ms a page, and a start that prepared
 * one page per route spent 0.2-0.3 s of a restart on it (a slow hour of a 2-core machine).
 */
function encodedPage(html: string): (encoding: PageEncoding) => Buffer {
  const raw = Buffer.from(html);
  const encoded: Partial<Record<PageEncoding, Buffer>> = {};
  return (encoding) => (encoded[encoding] ??= compressed(raw, encoding, 'best'));
}

/** `raw` in `encoding`, at brotli 11 and gzip 9 (`best`) or brotli 5 and gzip's default (`quick`). */
function compressed(raw: Buffer, encoding: PageEncoding, effort: 'best' | 'quick'): Buffer {
  if (encoding === 'br')
    return zlib.brotliCompressSync(raw, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: effort === 'best' ? 11 : 5 },
    });
  if (encoding === 'gzip')
    return zlib.gzipSync(raw, { level: effort === 'best' ? 9 : zlib.constants.Z_DEFAULT_COMPRESSION });
  return raw;
}

/**
 * The built files the server sends as they are, as request paths (`/assets/index-abc.js`): every
 * file but the page itself, anything under a dot folder (the build manifest is for the server) and
 * source maps (and their compressed copies), which are for the build's checks and for reading a stack
 * trace on the server's side, not for browsers: they spell out the whole source.
 */
export function servableFiles(webDistDir: string): Set<string> {
  const files = readdirSync(webDistDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(webDistDir, path.join(entry.parentPath, entry.name)).split(path.sep))
    .filter((parts) => !parts.some((part) => part.startsWith('.')))
    .map((parts) => `/${parts.join('/')}`);
  return new Set(files.filter((file) => file !== '/index.html' && !SOURCE_MAP.test(file)));
}

/** A source map or a compressed copy of one. */
const SOURCE_MAP = /\.map(\.br|\.gz)?$/;

/**
 * Paths that are never a page of the web app, so never answered with one: the API's, the metrics'
 * (served only when configured, and then before this plugin's handler) and source maps.
 */
const notAPage = (pathname: string): boolean =>
  pathname === '/api' ||
  pathname.startsWith('/api/') ||
  pathname === '/metrics' ||
  pathname.startsWith('/metrics/') ||
  SOURCE_MAP.test(pathname);

/** The decoded path of a request URL, without its query. */
function pathnameOf(url: string): string {
  const raw = url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * The page in `brand`'s colours: its id in `<meta name="staffroom-brand">` (read by the web), and the
 * default brand's primary and background colours, light and dark, which index.html is written in (the
 * address bar's theme colour, the page and the loader drawn before any code), replaced by the brand's own.
 */
export function brandPage(html: string, brand: string): string {
  const from = getBrand(DEFAULT_BRAND_ID);
  const to = getBrand(brand);
  return html
    .replace(/<meta name="staffroom-brand" content="[^"]*"\s*\/?>/, `<meta name="staffroom-brand" content="${brand}">`)
    .replaceAll(from.palette.primary, to.palette.primary)
    .replaceAll(from.palette.background, to.palette.background)
    .replaceAll(from.dark.primary, to.dark.primary)
    .replaceAll(from.dark.background, to.dark.background);
}

const encodings = new Negotiator({ supportedValues: ['br', 'gzip', 'identity'] as const });

/**
 * Sends a page in the encoding the browser takes best: `body` gives its bytes in that encoding.
 * `cacheControl`: REVALIDATE for the pages the same for everyone, `no-store` for one with the member.
 */
function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  body: (encoding: PageEncoding) => Buffer,
  cacheControl: string,
): FastifyReply {
  const encoding = encodings.negotiate(request.headers['accept-encoding'] ?? '') ?? 'identity';
  reply
    .code(200)
    .type('text/html; charset=utf-8')
    .header('cache-control', cacheControl)
    .header('vary', 'Accept-Encoding');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(body(encoding));
}

/** What a page carries for one request: a JSON element's id and its value. */
interface Carried {
  elementId: string;
  value: unknown;
}

/**
 * The page with each of `carried` in it as a JSON element, for one request: `serialize-javascript`
 * escapes what could end the script element (`<`, `>`, `/`, U+2028/9). Compressed per request at a
 * quick setting (a page is a few KiB).
 */
function pageWith(html: string, carried: Carried[]): (encoding: PageEncoding) => Buffer {
  const elements = carried
    .map(
      ({ elementId, value }) =>
        `  <script type="application/json" id="${elementId}">${serialize(value, { isJSON: true })}</script>\n`,
    )
    .join('');
  const raw = Buffer.from(html.replace('</head>', `${elements}  </head>`));
  return (encoding) => compressed(raw, encoding, 'quick');
}

export interface SpaOptions {
  config: AppConfig;
  /**
   * The signed-in member of a request, as `GET /staff/self-service/me` answers them, or undefined
   * without a live session; a signed-in screen's page then carries them (EMBEDDED_ME_ELEMENT_ID).
   */
  meOf?: (request: FastifyRequest) => Promise<unknown> | unknown;
  /**
   * What the page of a joiner's link (`/onboard/<token>`) carries (EMBEDDED_ONBOARDING_ELEMENT_ID), or
   * undefined for none: the app then asks for it as before.
   */
  onboardingOf?: (request: FastifyRequest, reply: FastifyReply, token: string) => Promise<unknown> | unknown;
  /**
   * The signed-in member's team-discount card, as its call answers it, or undefined for none (signed
   * out, no selfie yet): the `/team-discount` page then carries it too (EMBEDDED_DISCOUNT_STATUS_ELEMENT_ID).
   */
  discountStatusOf?: (request: FastifyRequest) => Promise<unknown> | unknown;
  /**
   * The survey `/survey/<id>` shows, as its call answers it, or undefined for none (signed out, no
   * such survey): the page then carries it too (EMBEDDED_SURVEY_ELEMENT_ID).
   */
  surveyOf?: (request: FastifyRequest, id: string) => Promise<unknown> | unknown;
}

async function spaPlugin(app: FastifyInstance, opts: SpaOptions): Promise<void> {
  const { webDistDir, brand } = opts.config;
  const indexFile = path.join(webDistDir, 'index.html');
  const built = existsSync(indexFile);
  // The page once per route, with that route's code preloaded, each compressed once when first asked for.
  const branded = built ? brandPage(readFileSync(indexFile, 'utf8'), brand) : '';
  const pages = built
    ? routePreloads(webDistDir).map(
        ({ pattern, links, loadsStaff, loadsOnboarding, loadsDiscountStatus, loadsSurvey }) => {
          const html = links ? branded.replace('</head>', `  ${links}\n  </head>`) : branded;
          return {
            pattern,
            html,
            loadsStaff,
            loadsOnboarding,
            loadsDiscountStatus,
            loadsSurvey,
            page: encodedPage(html),
          };
        },
      )
    : undefined;

  if (built) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      // Only reply.sendFile: the route below decides what is a file.
      serve: false,
      index: false,
      // The .br or .gz beside a file, when the browser takes it (Vary: Accept-Encoding is set).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        res.header('cache-control', cacheControlFor(path.relative(webDistDir, filePath).replace(/\.(br|gz)$/, '')));
      },
    });
    // The files are listed once at start, as a route per file would be, but served by one route:
    // registering hundreds of routes (each file and its .br and .gz) took a noticeable part of a start
    // (docs/architecture.md#start-up-and-memory). Anything else, directories (`/`, `/brands`) and
    // index.html included, falls through to the SPA handler below.
    const files = servableFiles(webDistDir);
    // The tab and home-screen icons browsers ask for at the root: the configured brand's.
    const brandFiles = new Map<string, string>([
      [FAVICON.path, `${brandIconFolder(brand)}/${FAVICON.file}`],
      [APPLE_TOUCH_ICON.path, `${brandIconFolder(brand)}/${APPLE_TOUCH_ICON.file}`],
    ]);
    const manifest = JSON.stringify(webAppManifest(getBrand(brand)));
    app.route({
      method: ['GET', 'HEAD'],
      url: MANIFEST_PATH,
      schema: { hide: true },
      handler: (_request, reply) =>
        reply
          .type(MANIFEST_TYPE)
          .header('cache-control', cacheControlFor(MANIFEST_PATH.slice(1)))
          .send(manifest),
    });
    app.route({
      method: ['GET', 'HEAD'],
      url: '/*',
      // Not part of the API: kept out of the OpenAPI description, as @fastify/static's routes are.
      schema: { hide: true },
      handler: (request, reply) => {
        const requested = pathnameOf(request.url);
        const pathname = brandFiles.get(requested) ?? requested;
        return files.has(pathname) ? reply.sendFile(pathname) : reply.callNotFound();
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !notAPage(pathname);
    if (!isPage) {
      return reply.code(404).send(envelope(`No such endpoint: ${request.method} ${pathname}`));
    }
    if (!pages) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app has not been built yet: run `npm run build`, then start the server again.');
    }
    const page = pages.find(({ pattern }) => pattern.test(pathname))!;
    const carried: Carried[] = [];
    if (request.method === 'GET' && page.loadsStaff) {
      // Side by side: the card or survey need not wait for the member, and the page waits for the slower.
      const [me, card, survey] = await Promise.all([
        opts.meOf?.(request),
        page.loadsDiscountStatus ? opts.discountStatusOf?.(request) : undefined,
        page.loadsSurvey ? opts.surveyOf?.(request, pathnameOf(request.url).split('/')[2] ?? '') : undefined,
      ]);
      if (me !== undefined) {
        carried.push({ elementId: EMBEDDED_ME_ELEMENT_ID, value: me });
        if (card !== undefined) carried.push({ elementId: EMBEDDED_DISCOUNT_STATUS_ELEMENT_ID, value: card });
        if (survey !== undefined) carried.push({ elementId: EMBEDDED_SURVEY_ELEMENT_ID, value: survey });
      }
    } else if (request.method === 'GET' && page.loadsOnboarding) {
      const token = pathnameOf(request.url).split('/')[2] ?? '';
      const link = await opts.onboardingOf?.(request, reply, token);
      if (link !== undefined) carried.push({ elementId: EMBEDDED_ONBOARDING_ELEMENT_ID, value: link });
    }
    return carried.length === 0
      ? sendPage(request, reply, page.page, REVALIDATE)
      : sendPage(request, reply, pageWith(page.html, carried), 'no-store');
  });
}

export default fp(spaPlugin, { name: 'spa' });
