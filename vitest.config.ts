import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Two tiers: `unit` (beside the code, web ones in jsdom) and `api` (tests/api, the real app on
 * PGlite and, with TEST_DATABASE_URL, on PostgreSQL too).
 */
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
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
