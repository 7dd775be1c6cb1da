import { defineConfig } from '@playwright/test';

/**
 * e2e: the built app (`npm run build`) started on a fresh data folder, driven in Debian's Chromium.
 * Never `playwright install`: the browser comes from apt (scripts/ensure-chromium.mjs).
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://localhost:${PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  // One wait for everything a test looks for (lazily loaded screens and dialogs, the fake camera
  // starting), set here once; a quarter of a test's 60 s.
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: '.tmp/test-reports/e2e.json' }]],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    actionTimeout: 15_000,
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: `rm -rf .tmp/e2e-data && mkdir -p .tmp && node dist/server/main.js`,
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      DATA_DIR: '.tmp/e2e-data',
      PORT: String(PORT),
      PUBLIC_URL: BASE_URL,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
  },
});
