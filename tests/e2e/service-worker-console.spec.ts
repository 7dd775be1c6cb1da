/**
 * The service worker and the HR console (docs/decisions/0011-service-worker-and-offline-card.md), in
 * Chromium: what the worker precaches as it installs, which every staff phone downloads, holds the
 * staff screens' code but none of the console's; the console's code is cached the first time a
 * console page fetches it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { admin } from './admin.js';
import { expect, signInThroughProvider, test, waitForServiceWorkerControl } from './fixtures.js';

const manifest = () =>
  JSON.parse(fs.readFileSync(path.resolve('dist/web/.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;

/** The addresses (paths) in the page's caches whose name contains `name`. */
async function cached(page: Page, name: string): Promise<string[]> {
  return (await page.evaluate(
    `caches.keys().then((names) => Promise.all(names.filter((n) => n.includes(${JSON.stringify(name)})).map((n) => caches.open(n).then((cache) => cache.keys())))).then((lists) => lists.flat().map((request) => new URL(request.url).pathname))`,
  )) as string[];
}

test('staff phones precache no console code; a console page’s code is cached when it is first opened', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `sw.console.${Date.now().toString(36)}@example.com`;
  await admin(
    'create-staff',
    '--forename',
    'Hana',
    '--surname',
    'Reid',
    '--email',
    email,
    '--password',
    'Welcome2026',
    '--venue',
    'The Lantern, York',
    '--position',
    'People partner',
  );
  await admin('role', 'grant', '--staff', email, '--role', 'hr');
  await signInThroughProvider(page, email, 'Welcome2026');
  await waitForServiceWorkerControl(page);

  const files = manifest();
  const survey = `/${files['app/routes/app/survey.tsx']!.file}`;
  const people = `/${files['app/routes/admin/people.tsx']!.file}`;
  const consoleLayout = `/${files['app/routes/admin/layout.tsx']!.file}`;
  await expect.poll(() => cached(page, 'precache')).toContain(survey);
  const precached = await cached(page, 'precache');
  expect(precached).not.toContain(people);
  expect(precached).not.toContain(consoleLayout);
  expect(await cached(page, 'code-on-use')).not.toContain(people);

  await page.goto('/admin/people');
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
  await expect.poll(() => cached(page, 'code-on-use')).toEqual(expect.arrayContaining([people, consoleLayout]));
  expect(await cached(page, 'precache')).not.toContain(people);
});
