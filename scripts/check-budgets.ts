/**
 * First-load JavaScript budgets of the web build (docs/architecture.md#performance): for every route
 * of the app, the JS a phone downloads before the screen shows, in brotli bytes as served.
 *
 * What a route loads is measured as a new user would load it: its page is opened in headless
 * Chromium on the built server with the demo's data (the atmosphere audit `/survey/6` with every
 * question type, the demo joiner's onboarding link, …), with an empty cache and no service worker,
 * and every build file the page fetched until its screen was drawn and the network fell quiet counts,
 * together with what the build's module graph says the route loads (the entry and the route's chunks
 * with their static imports, as the server preloads them). A chunk a screen fetches as it draws its
 * data (a lazy component that renders at once) therefore counts; one fetched only when the page is
 * first used (a tap: the survey's and the onboarding form's date pickers) does not. Routes the demo
 * cannot open (the HR console, a contract link, signing out) are measured by the module graph alone.
 *
 * - `/login` at most 120 KiB, every other staff or joiner route at most 200 KiB, the HR console
 *   under `/admin` at most 350 KiB, counting the people table (the MUI X Data Grid) that a desktop
 *   fetches as the people screen's code runs, and a survey's charts (MUI X Charts) that its results
 *   screen fetches likewise (ON_DEMAND_COUNTED);
 * - the Data Grid is in the first load of no staff or joiner route (HEAVY_PART_ROUTES);
 * - the heavy parts (pdf.js, the date pickers, the camera, the signature pad) load only on the
 *   screens that use them, and there on use: the signature pad is first-load JavaScript of the two
 *   signing screens and a document of My Documents, and of no other route. Chunks of the build that no route loads first are listed
 *   under "on demand";
 * - the service worker's precache (what every phone downloads as the worker installs) holds no HR
 *   console code (CONSOLE_SOURCE, read from each precached chunk's source map); its size is printed.
 *
 * Usage: `tsx scripts/check-budgets.ts [distDir]` after `npm run build` (the server's build too);
 * prints the tables and exits 1 naming what is over budget. Deterministic: it waits for conditions
 * (the screen drawn, the network quiet), it times nothing; sizes are the build's files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { entryKeys, filesOf, readManifest, ROUTE_MODULES, type Manifest } from '@server/plugins/route-preloads.js';
import { CHROMIUM, signIn, startPortal } from './bench/portal.mjs';

const KiB = 1024;

/** Brotli bytes allowed before a route's screen shows. */
export function budgetOf(route: string): number {
  if (route === '/login') return 120 * KiB;
  if (route.startsWith('/admin')) return 350 * KiB;
  return 200 * KiB;
}

/** Heavy packages, by the name the table gives them. */
export const HEAVY_PACKAGES: Record<string, string> = {
  'pdfjs-dist': 'pdf.js',
  'react-pdf': 'pdf.js',
  '@mui/x-date-pickers': 'date pickers',
  'react-webcam': 'camera',
  signature_pad: 'signature pad',
  'react-signature-canvas': 'signature pad',
  '@mui/x-data-grid': 'data grid',
  '@mui/x-charts': 'charts',
};

/** The routes whose first load may carry a heavy part: the screens built around it. */
export const HEAVY_PART_ROUTES: Record<string, string[]> = {
  'signature pad': ['/contract/:token', '/agreement/:token', '/my-documents/:id'],
  'data grid': ['/admin', '/admin/people'],
  charts: ['/admin/surveys/:id'],
};

/**
 * Modules a route fetches on demand but at once on a desktop, counted in its budget as if they were
 * first-load code (manifest keys): the people table, which a phone never fetches
 * (src/web/features/console/people/components/people-page.tsx, prefetchPeopleGrid), and the survey charts,
 * which every device fetches with the results screen.
 */
export const ON_DEMAND_COUNTED: Record<string, string[]> = {
  '/admin': ['features/console/people/components/people-grid.tsx'],
  '/admin/people': ['features/console/people/components/people-grid.tsx'],
  // The charts of a survey's results, fetched as the screen's code runs (survey-results-page.tsx, prefetchSurveyChart).
  '/admin/surveys/:id': ['features/console/surveys/components/survey-chart.tsx'],
};

export interface RouteSize {
  route: string;
  /** How its load was found: its page opened in the browser, or the build's module graph alone. */
  measured: 'page' | 'graph';
  files: number;
  raw: number;
  gzip: number;
  brotli: number;
  budget: number;
  /** Heavy parts (HEAVY_PACKAGES) in the route's first load that it does not use. */
  heavy: string[];
}

export interface OnDemandChunk {
  file: string;
  parts: string[];
  raw: number;
  brotli: number;
}

function sizeOf(distDir: string, file: string): number {
  const full = path.join(distDir, file);
  return fs.existsSync(full) ? fs.statSync(full).size : 0;
}

/** The on-demand package names a chunk carries, read from its source map (minified names change). */
function heavyPartsOf(distDir: string, file: string): string[] {
  const map = path.join(distDir, `${file}.map`);
  if (!fs.existsSync(map)) return [];
  const sources: string[] = JSON.parse(fs.readFileSync(map, 'utf8')).sources ?? [];
  const parts = Object.entries(HEAVY_PACKAGES)
    .filter(([pkg]) => sources.some((source) => source.includes(`node_modules/${pkg}/`)))
    .map(([, name]) => name);
  return [...new Set(parts)];
}

/** The build files (relative to `distDir`, `assets/…`) each route's page fetched, by route. */
export type LoadedFiles = Record<string, string[]>;

/**
 * Every route's first-load JavaScript in `distDir`, against its budget: what the module graph says it
 * loads and, for a route in `loaded`, what its page fetched as well.
 */
export function measureRoutes(
  distDir: string,
  manifest: Manifest = readManifest(distDir),
  loaded: LoadedFiles = {},
): RouteSize[] {
  const entry = filesOf(manifest, entryKeys(manifest));
  return ROUTE_MODULES.map(({ route, modules }) => {
    const counted = [...modules, ...(ON_DEMAND_COUNTED[route] ?? [])];
    const files = [...new Set([...entry, ...filesOf(manifest, counted), ...(loaded[route] ?? [])])].filter((file) =>
      /\.m?js$/.test(file),
    );
    return {
      route,
      measured: loaded[route] ? 'page' : 'graph',
      files: files.length,
      raw: files.reduce((sum, file) => sum + sizeOf(distDir, file), 0),
      gzip: files.reduce((sum, file) => sum + sizeOf(distDir, `${file}.gz`), 0),
      brotli: files.reduce((sum, file) => sum + sizeOf(distDir, `${file}.br`), 0),
      budget: budgetOf(route),
      heavy: [...new Set(files.flatMap((file) => heavyPartsOf(distDir, file)))].filter(
        (part) => !HEAVY_PART_ROUTES[part]?.includes(route),
      ),
    };
  });
}

/** The JS chunks outside every route's counted load that carry a heavy part (and pdf.js's worker). */
export function measureOnDemand(
  distDir: string,
  manifest: Manifest = readManifest(distDir),
  loaded: LoadedFiles = {},
): OnDemandChunk[] {
  const firstLoad = new Set([
    ...ROUTE_MODULES.flatMap(({ route, modules }) => [
      ...filesOf(manifest, [...entryKeys(manifest), ...modules, ...(ON_DEMAND_COUNTED[route] ?? [])]),
    ]),
    ...Object.values(loaded).flat(),
  ]);
  const chunks = Object.values(manifest)
    .map((chunk) => chunk.file)
    .filter((file, index, all) => /\.m?js$/.test(file) && all.indexOf(file) === index && !firstLoad.has(file));
  return chunks
    .map((file) => ({
      file,
      parts: /pdf\.worker/.test(file) ? ['pdf.js worker'] : heavyPartsOf(distDir, file),
      raw: sizeOf(distDir, file),
      brotli: sizeOf(distDir, `${file}.br`),
    }))
    .filter((chunk) => chunk.parts.length > 0);
}

/** What breaks the budgets, one line each; empty when the build is within them. */
export function budgetFailures(rows: RouteSize[]): string[] {
  return rows.flatMap((row) => [
    ...(row.brotli > row.budget
      ? [`${row.route}: ${kib(row.brotli)} KiB brotli of first-load JavaScript, over its ${kib(row.budget)} KiB budget`]
      : []),
    ...(row.heavy.length ? [`${row.route}: ${row.heavy.join(', ')} in its first load; load them on demand`] : []),
  ]);
}

/** The HR console's own source folders (as in vite.config.ts): `features/console` and its routes, `app/routes/admin`. */
const CONSOLE_SOURCE = /(^|\/)src\/web\/(features\/console|app\/routes\/admin)\//;

export interface Precache {
  files: number;
  /** Brotli bytes of the precached text files, raw bytes of the rest (pictures): what a phone downloads. */
  brotli: number;
  /** Precached chunks that carry HR console code. */
  console: string[];
}

/** The service worker's precache (`distDir/sw.js`'s manifest): its download and any console code in it. */
export function measurePrecache(distDir: string): Precache {
  const worker = path.join(distDir, 'sw.js');
  const urls = fs.existsSync(worker)
    ? [...fs.readFileSync(worker, 'utf8').matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]!)
    : [];
  const download = (file: string) =>
    fs.existsSync(path.join(distDir, `${file}.br`)) ? sizeOf(distDir, `${file}.br`) : sizeOf(distDir, file);
  const carriesConsole = (file: string) => {
    const map = path.join(distDir, `${file}.map`);
    if (!fs.existsSync(map)) return false;
    const sources: string[] = JSON.parse(fs.readFileSync(map, 'utf8')).sources ?? [];
    return sources.some((source) => CONSOLE_SOURCE.test(source.replaceAll('\\', '/')));
  };
  return {
    files: urls.length,
    brotli: urls.reduce((sum, file) => sum + download(file), 0),
    console: urls.filter((file) => /\.m?js$/.test(file) && carriesConsole(file)),
  };
}

/** What breaks the precache rule, one line each: console code in what every staff phone installs. */
export function precacheFailures(precache: Precache): string[] {
  return precache.console.map(
    (file) => `service worker precache: ${file} carries HR console code; staff phones must not download it`,
  );
}

function kib(bytes: number): string {
  return (bytes / KiB).toFixed(1);
}

/** The table of route → bytes, as printed by the check. */
export function formatTable(rows: RouteSize[], onDemand: OnDemandChunk[]): string {
  const lines = [
    '| route | measured | JS files | raw KiB | gzip KiB | brotli KiB | budget KiB |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${row.route} | ${row.measured} | ${row.files} | ${kib(row.raw)} | ${kib(row.gzip)} | ${kib(row.brotli)} | ${kib(row.budget)}${row.brotli > row.budget ? ' OVER' : ''} |`,
    ),
  ];
  if (onDemand.length) {
    lines.push(
      '',
      'On demand (fetched by the screens that use them, not counted above):',
      '| chunk | carries | raw KiB | brotli KiB |',
      '|---|---|---:|---:|',
    );
    lines.push(
      ...onDemand.map(
        (chunk) =>
          `| ${path.basename(chunk.file)} | ${chunk.parts.join(', ')} | ${kib(chunk.raw)} | ${kib(chunk.brotli)} |`,
      ),
    );
  }
  return lines.join('\n');
}

/** The routes opened in the browser: the address with the demo's data, and whether signed in as the demo member. */
interface RoutePage {
  route: string;
  path: string;
  signedIn: boolean;
  /** The screen drawn with its data; the network must then fall quiet too. */
  drawn: (page: Page) => Promise<unknown>;
}

const heading = (page: Page, name?: string | RegExp) =>
  page
    .getByRole('heading', { level: 1, ...(name ? { name } : {}) })
    .first()
    .waitFor();

/** The staff and joiner routes the demo can open (the console needs an HR member, a contract a link the demo does not issue). */
export function routePages(links: { onboardPath?: string; agreementPath?: string }): RoutePage[] {
  return [
    {
      route: '/login',
      path: '/login',
      signedIn: false,
      drawn: (page) => page.getByRole('button', { name: 'Login' }).waitFor(),
    },
    { route: '/', path: '/', signedIn: true, drawn: (page) => page.waitForURL('**/dashboard') },
    {
      route: '/dashboard',
      path: '/dashboard',
      signedIn: true,
      drawn: (page) => page.getByRole('link', { name: 'Start audit' }).waitFor(),
    },
    { route: '/my-details', path: '/my-details', signedIn: true, drawn: (page) => heading(page) },
    { route: '/vehicle-management', path: '/vehicle-management', signedIn: true, drawn: (page) => heading(page) },
    { route: '/team-discount', path: '/team-discount', signedIn: true, drawn: (page) => heading(page) },
    { route: '/team-apps', path: '/team-apps', signedIn: true, drawn: (page) => heading(page) },
    // The atmosphere audit: every question type, drawn down to Save.
    {
      route: '/survey/:id',
      path: '/survey/6',
      signedIn: true,
      drawn: (page) => page.getByRole('button', { name: 'Save' }).waitFor(),
    },
    ...(links.onboardPath
      ? [{ route: '/onboard/:token', path: links.onboardPath, signedIn: false, drawn: (page: Page) => heading(page) }]
      : []),
    ...(links.agreementPath
      ? [
          {
            route: '/agreement/:token',
            path: links.agreementPath,
            signedIn: false,
            drawn: (page: Page) => heading(page),
          },
        ]
      : []),
    { route: '*', path: '/no-such-page', signedIn: false, drawn: (page) => heading(page) },
  ];
}

/** A free loopback port for the server the check starts. */
async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

/**
 * Opens each route of routePages on the built server (`dist/server`, serving `distDir`) in headless
 * Chromium at phone size, each in a fresh context (empty cache, service workers blocked, so the
 * worker's precache is not counted as the page's), and answers the build files each page fetched
 * until its screen was drawn and the network was idle.
 */
export async function loadRoutes(distDir: string): Promise<LoadedFiles> {
  const dataDir = path.resolve('.tmp/budgets-data');
  process.env.WEB_DIST_DIR = distDir;
  const { server, base, onboardPath, agreementPath } = await startPortal({ port: await freePort(), dataDir });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const cookieHeader: string = await signIn(base);
    const cookies = cookieHeader.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
    });
    const loaded: LoadedFiles = {};
    for (const { route, path: address, signedIn, drawn } of routePages({ onboardPath, agreementPath })) {
      const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } });
      try {
        if (signedIn) await context.addCookies(cookies);
        const page = await context.newPage();
        const files = new Set<string>();
        page.on('request', (request) => {
          const url = new URL(request.url());
          if (url.origin === new URL(base).origin && url.pathname.startsWith('/assets/'))
            files.add(url.pathname.slice(1));
        });
        await page.goto(`${base}${address}`);
        await drawn(page);
        await page.waitForLoadState('networkidle');
        loaded[route] = [...files].sort();
      } catch (err) {
        throw new Error(`check-budgets: ${route} (${address}) did not draw: ${(err as Error).message}`);
      } finally {
        await context.close();
      }
    }
    return loaded;
  } finally {
    await browser.close();
    server.kill();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const distDir = path.resolve(process.argv[2] ?? 'dist/web');
  if (!measureRoutes(distDir).some((row) => row.files > 0)) {
    console.error(`check-budgets: no build manifest in ${distDir}; run npm run build first`);
    process.exit(1);
  }
  const loaded = await loadRoutes(distDir);
  const rows = measureRoutes(distDir, readManifest(distDir), loaded);
  const precache = measurePrecache(distDir);
  console.log(formatTable(rows, measureOnDemand(distDir, readManifest(distDir), loaded)));
  console.log(
    `\nService worker precache (every phone's first visit): ${precache.files} files, ${kib(precache.brotli)} KiB brotli`,
  );
  const failures = [...budgetFailures(rows), ...precacheFailures(precache)];
  if (failures.length) {
    for (const failure of failures) console.error(failure);
    process.exit(1);
  }
  console.log('check-budgets: every route within its first-load budget; no console code in the precache');
}
