/**
 * First-load JavaScript budgets of the web build (docs/architecture.md#performance): for every route
 * of the app, the JS a phone must download before the screen shows (the entry and the route's
 * chunks with their static imports, as the server preloads them), in brotli bytes as served.
 *
 * - `/login` at most 120 KiB, every other staff or joiner route at most 200 KiB, the HR console
 *   under `/admin` at most 350 KiB, counting the people table (the MUI X Data Grid) that a desktop
 *   fetches as the people screen's code runs, and a survey's charts (MUI X Charts) that its results
 *   screen fetches likewise (ON_DEMAND_COUNTED);
 * - the Data Grid is in the first load of no staff or joiner route (HEAVY_PART_ROUTES);
 * - the heavy parts (pdf.js, the date pickers, the camera, the signature pad) load only on the
 *   screens that use them: the signature pad is first-load JavaScript of the two signing screens
 *   and of no other route; the rest arrive when the component that uses them renders. Chunks fetched
 *   that way are listed under "on demand" and not counted in a route's budget (pdf.js and its worker
 *   count only on the screens that show a PDF, and only once one is shown).
 *
 * Usage: `tsx scripts/check-budgets.ts [distDir]` after `npm run build`; prints the table and exits 1
 * naming what is over budget. Deterministic: it reads file sizes, it times nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { entryKeys, filesOf, readManifest, ROUTE_MODULES, type Manifest } from '@server/plugins/route-preloads.js';

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
  'signature pad': ['/contract/:token', '/agreement/:token'],
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

/** Every route's first-load JavaScript in `distDir`, against its budget. */
export function measureRoutes(distDir: string, manifest: Manifest = readManifest(distDir)): RouteSize[] {
  const entry = filesOf(manifest, entryKeys(manifest));
  return ROUTE_MODULES.map(({ route, modules }) => {
    const counted = [...modules, ...(ON_DEMAND_COUNTED[route] ?? [])];
    const files = [...new Set([...entry, ...filesOf(manifest, counted)])].filter((file) => /\.m?js$/.test(file));
    return {
      route,
      files: files.length,
      raw: files.reduce((sum, file) => sum + sizeOf(distDir, file), 0),
      gzip: files.reduce((sum, file) => sum + sizeOf(distDir, `${file}.gz`), 0),
      brotli: files.reduce((sum, file) => sum + sizeOf(distDir, `${file}.br`), 0),
      budget: budgetOf(route),
      heavy: [...new Set(files.flatMap((file) => heavyPartsOf(distDir, file)))].filter((part) => !HEAVY_PART_ROUTES[part]?.includes(route)),
    };
  });
}

/** The JS chunks outside every route's counted load that carry a heavy part (and pdf.js's worker). */
export function measureOnDemand(distDir: string, manifest: Manifest = readManifest(distDir)): OnDemandChunk[] {
  const firstLoad = new Set(
    ROUTE_MODULES.flatMap(({ route, modules }) => [...filesOf(manifest, [...entryKeys(manifest), ...modules, ...(ON_DEMAND_COUNTED[route] ?? [])])]),
  );
  const chunks = Object.values(manifest)
    .map((chunk) => chunk.file)
    .filter((file, index, all) => /\.m?js$/.test(file) && all.indexOf(file) === index && !firstLoad.has(file));
  return chunks
    .map((file) => ({ file, parts: /pdf\.worker/.test(file) ? ['pdf.js worker'] : heavyPartsOf(distDir, file), raw: sizeOf(distDir, file), brotli: sizeOf(distDir, `${file}.br`) }))
    .filter((chunk) => chunk.parts.length > 0);
}

/** What breaks the budgets, one line each; empty when the build is within them. */
export function budgetFailures(rows: RouteSize[]): string[] {
  return rows.flatMap((row) => [
    ...(row.brotli > row.budget ? [`${row.route}: ${kib(row.brotli)} KiB brotli of first-load JavaScript, over its ${kib(row.budget)} KiB budget`] : []),
    ...(row.heavy.length ? [`${row.route}: ${row.heavy.join(', ')} in its first load; load them on demand`] : []),
  ]);
}

function kib(bytes: number): string {
  return (bytes / KiB).toFixed(1);
}

/** The table of route → bytes, as printed by the check. */
export function formatTable(rows: RouteSize[], onDemand: OnDemandChunk[]): string {
  const lines = [
    '| route | JS files | raw KiB | gzip KiB | brotli KiB | budget KiB |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows.map((row) => `| ${row.route} | ${row.files} | ${kib(row.raw)} | ${kib(row.gzip)} | ${kib(row.brotli)} | ${kib(row.budget)}${row.brotli > row.budget ? ' OVER' : ''} |`),
  ];
  if (onDemand.length) {
    lines.push('', 'On demand (fetched by the screens that use them, not counted above):', '| chunk | carries | raw KiB | brotli KiB |', '|---|---|---:|---:|');
    lines.push(...onDemand.map((chunk) => `| ${path.basename(chunk.file)} | ${chunk.parts.join(', ')} | ${kib(chunk.raw)} | ${kib(chunk.brotli)} |`));
  }
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const distDir = path.resolve(process.argv[2] ?? 'dist/web');
  const rows = measureRoutes(distDir);
  if (!rows.some((row) => row.files > 0)) {
    console.error(`check-budgets: no build manifest in ${distDir}; run npm run build first`);
    process.exit(1);
  }
  console.log(formatTable(rows, measureOnDemand(distDir)));
  const failures = budgetFailures(rows);
  if (failures.length) {
    for (const failure of failures) console.error(failure);
    process.exit(1);
  }
  console.log('check-budgets: every route within its first-load budget');
}
