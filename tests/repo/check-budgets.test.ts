/**
 * scripts/check-budgets.ts, which `npm run test:e2e` runs on the real build, fails a route whose
 * first-load JavaScript (what the module graph says and what its page fetched as it drew) is over its
 * brotli budget or carries a heavy part it does not use, and a service worker precache that carries
 * HR console code; it passes a build within them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  budgetFailures,
  budgetOf,
  formatTable,
  measureOnDemand,
  measurePrecache,
  measureRoutes,
  precacheFailures,
} from '../../scripts/check-budgets.js';

const KiB = 1024;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-budgets-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A built chunk of `brotli` bytes as served (and twice that raw), with the sources its map names. */
function chunk(file: string, brotli: number, sources: string[] = []) {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, file), Buffer.alloc(brotli * 2));
  fs.writeFileSync(path.join(dir, `${file}.br`), Buffer.alloc(brotli));
  fs.writeFileSync(path.join(dir, `${file}.gz`), Buffer.alloc(Math.round(brotli * 1.2)));
  fs.writeFileSync(path.join(dir, `${file}.map`), JSON.stringify({ version: 3, sources, mappings: '' }));
}

function manifest(
  entries: Record<string, { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }>,
) {
  fs.mkdirSync(path.join(dir, '.vite'), { recursive: true });
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(entries));
}

const row = (route: string) => measureRoutes(dir).find((r) => r.route === route)!;

describe('check-budgets', () => {
  it('sets 120 KiB for /login, 350 KiB for the HR console and 200 KiB for every other route', () => {
    expect([budgetOf('/login'), budgetOf('/admin/staff'), budgetOf('/dashboard'), budgetOf('/onboard/:token')]).toEqual(
      [120 * KiB, 350 * KiB, 200 * KiB, 200 * KiB],
    );
  });

  it('adds the entry and each route’s static imports, not what it fetches on demand', () => {
    chunk('assets/index.js', 100 * KiB, ['../../node_modules/react-dom/cjs/react-dom-client.production.js']);
    chunk('assets/login.js', 10 * KiB);
    chunk('assets/query.js', 30 * KiB);
    chunk('assets/contract.js', 20 * KiB, ['../../node_modules/signature_pad/dist/signature_pad.js']);
    chunk('assets/pdf-viewer.js', 170 * KiB, ['../../node_modules/pdfjs-dist/legacy/build/pdf.mjs']);
    manifest({
      'main.tsx': {
        file: 'assets/index.js',
        isEntry: true,
        dynamicImports: ['app/routes/login.tsx', 'app/query-root.tsx'],
      },
      'app/routes/login.tsx': { file: 'assets/login.js' },
      'app/query-root.tsx': { file: 'assets/query.js' },
      'app/routes/contract.tsx': { file: 'assets/contract.js', dynamicImports: ['components/signing/pdf-viewer.tsx'] },
      'components/signing/pdf-viewer.tsx': { file: 'assets/pdf-viewer.js' },
    });
    expect(row('/login')).toMatchObject({ files: 2, brotli: 110 * KiB, raw: 220 * KiB, heavy: [] });
    expect(row('/contract/:token')).toMatchObject({ files: 3, brotli: 150 * KiB, heavy: [] });
    expect(budgetFailures(measureRoutes(dir))).toEqual([]);
    expect(measureOnDemand(dir)).toEqual([
      { file: 'assets/pdf-viewer.js', parts: ['pdf.js'], raw: 340 * KiB, brotli: 170 * KiB },
    ]);
    expect(formatTable(measureRoutes(dir), measureOnDemand(dir))).toContain(
      '| /login | graph | 2 | 220.0 | 132.0 | 110.0 | 120.0 |',
    );
  });

  it('fails /login over 120 KiB, naming it', () => {
    chunk('assets/login.js', 21 * KiB);
    expect(budgetFailures(measureRoutes(dir))).toEqual([
      '/login: 121.0 KiB brotli of first-load JavaScript, over its 120.0 KiB budget',
    ]);
  });

  it('fails a route whose first load carries a heavy part it does not use', () => {
    chunk('assets/login.js', 10 * KiB, ['../../node_modules/@mui/x-date-pickers/DatePicker/DatePicker.js']);
    expect(budgetFailures(measureRoutes(dir))).toEqual(['/login: date pickers in its first load; load them on demand']);
  });

  it('counts the people table in the console list’s budget and refuses the Data Grid on a staff route', () => {
    chunk('assets/login.js', 10 * KiB);
    chunk('assets/layout.js', 20 * KiB);
    chunk('assets/console.js', 5 * KiB);
    chunk('assets/people.js', 10 * KiB);
    chunk('assets/people-grid.js', 120 * KiB, ['../../node_modules/@mui/x-data-grid/esm/DataGrid/DataGrid.js']);
    manifest({
      'main.tsx': { file: 'assets/index.js', isEntry: true },
      'app/routes/login.tsx': { file: 'assets/login.js' },
      'app/query-root.tsx': { file: 'assets/query.js' },
      'app/routes/app/layout.tsx': { file: 'assets/layout.js' },
      'app/routes/admin/layout.tsx': { file: 'assets/console.js', imports: ['app/routes/app/layout.tsx'] },
      'app/routes/admin/people.tsx': {
        file: 'assets/people.js',
        dynamicImports: ['features/console/people/components/people-grid.tsx'],
      },
      'features/console/people/components/people-grid.tsx': { file: 'assets/people-grid.js' },
      'app/routes/app/dashboard.tsx': { file: 'assets/dashboard.js' },
    });
    // Entry 100 + query 30 + layout 20 + console 5 + people 10 + the grid 120.
    expect(row('/admin/people')).toMatchObject({ files: 6, brotli: 285 * KiB, budget: 350 * KiB, heavy: [] });
    expect(measureOnDemand(dir)).toEqual([]);
    expect(budgetFailures(measureRoutes(dir))).toEqual([]);

    manifest({
      'main.tsx': { file: 'assets/index.js', isEntry: true },
      'app/query-root.tsx': { file: 'assets/query.js' },
      'app/routes/app/dashboard.tsx': {
        file: 'assets/dashboard.js',
        imports: ['features/console/people/components/people-grid.tsx'],
      },
      'features/console/people/components/people-grid.tsx': { file: 'assets/people-grid.js' },
    });
    expect(budgetFailures(measureRoutes(dir))).toContain(
      '/dashboard: data grid in its first load; load them on demand',
    );
  });

  it('counts what a route’s page fetched as it drew its data: date pickers a survey draws at once fail it', () => {
    chunk('assets/index.js', 100 * KiB);
    chunk('assets/query.js', 30 * KiB);
    chunk('assets/layout.js', 20 * KiB);
    chunk('assets/survey.js', 30 * KiB);
    chunk('assets/survey-pickers.js', 48 * KiB, ['../../node_modules/@mui/x-date-pickers/DatePicker/DatePicker.js']);
    manifest({
      'main.tsx': { file: 'assets/index.js', isEntry: true },
      'app/query-root.tsx': { file: 'assets/query.js' },
      'app/routes/app/layout.tsx': { file: 'assets/layout.js' },
      'app/routes/app/survey.tsx': {
        file: 'assets/survey.js',
        dynamicImports: ['features/surveys/components/survey-pickers.tsx'],
      },
      'features/surveys/components/survey-pickers.tsx': { file: 'assets/survey-pickers.js' },
    });
    // The module graph alone: 180 KiB, the pickers on demand.
    expect(measureRoutes(dir).find((r) => r.route === '/survey/:id')).toMatchObject({
      measured: 'graph',
      brotli: 180 * KiB,
      heavy: [],
    });
    const drewAtOnce = { '/survey/:id': ['assets/index.js', 'assets/survey.js', 'assets/survey-pickers.js'] };
    const rows = measureRoutes(dir, undefined, drewAtOnce);
    expect(rows.find((r) => r.route === '/survey/:id')).toMatchObject({
      measured: 'page',
      files: 5,
      brotli: 228 * KiB,
    });
    expect(budgetFailures(rows)).toEqual([
      '/survey/:id: 228.0 KiB brotli of first-load JavaScript, over its 200.0 KiB budget',
      '/survey/:id: date pickers in its first load; load them on demand',
    ]);
    expect(measureOnDemand(dir, undefined, drewAtOnce)).toEqual([]);
    // Fetched on first use instead, the page's load is the graph's.
    expect(
      budgetFailures(measureRoutes(dir, undefined, { '/survey/:id': ['assets/index.js', 'assets/survey.js'] })),
    ).toEqual([]);
  });

  it('sizes the service worker’s precache and fails it when it carries HR console code', () => {
    chunk('assets/index.js', 100 * KiB, ['../../src/web/main.tsx']);
    chunk('assets/people.js', 10 * KiB, ['../../src/web/app/routes/admin/people.tsx']);
    chunk('assets/people-table.js', 5 * KiB, ['../../src/web/features/console/people/people-table.tsx']);
    fs.writeFileSync(path.join(dir, 'logo.png'), Buffer.alloc(3 * KiB));
    const worker = (urls: string[]) =>
      fs.writeFileSync(
        path.join(dir, 'sw.js'),
        `(function(){e([${urls.map((url) => `{"revision":null,"url":"${url}"}`).join(',')}])})();`,
      );

    worker(['assets/index.js', 'logo.png']);
    expect(measurePrecache(dir)).toEqual({ files: 2, brotli: 103 * KiB, console: [] });
    expect(precacheFailures(measurePrecache(dir))).toEqual([]);

    worker(['assets/index.js', 'assets/people.js', 'assets/people-table.js']);
    expect(precacheFailures(measurePrecache(dir))).toEqual([
      'service worker precache: assets/people.js carries HR console code; staff phones must not download it',
      'service worker precache: assets/people-table.js carries HR console code; staff phones must not download it',
    ]);
  });
});
