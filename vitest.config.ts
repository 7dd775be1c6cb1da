import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { catalogues } from './scripts/vite-catalogues.js';
import { pathAliases } from './vite.config.js';

/** Which projects this run covers, to name its JSON report (`.tmp/test-reports/vitest-unit-repo.json`). */
const projects = process.argv.flatMap((arg, i, all) => (all[i - 1] === '--project' ? [arg] : []));

/**
 * Three tiers (docs/architecture.md#tests): `unit` (beside the code, web ones in jsdom), `repo`
 * (tests/repo: lint boundaries, documentation anchors, the bundle check) and `api` (tests/api, the
 * real app on PGlite and, with TEST_DATABASE_URL, on PostgreSQL too). Each run also writes a JSON
 * report that `npm run test:slowest` reads.
 */
export default defineConfig({
  plugins: [react(), catalogues()],
  resolve: { alias: pathAliases },
  test: {
    reporters: ['default', ['json', { outputFile: `.tmp/test-reports/vitest-${projects.join('-') || 'all'}.json` }]],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          testTimeout: 30_000,
          // A PGlite started in a hook (src/server/db tests) took over 10 s on a loaded 2-core machine.
          hookTimeout: 60_000,
          setupFiles: [
            'tests/setup/fail-on-console-error.ts',
            'tests/setup/testing-library.ts',
            'tests/setup/no-idle-preload.ts',
            'src/web/testing/reset-client-state.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'repo',
          include: ['tests/repo/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
        },
      },
    ],
  },
});
