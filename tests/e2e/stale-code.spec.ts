/**
 * docs/product.md#service-worker-and-updates, a screen whose code is gone after an update, in Chromium
 * at phone size: the My Details chunk of the build the page runs is refused (404), as the server of a
 * newer build refuses the old build's files. Refused once, the page reloads itself onto the screen;
 * refused for good, the page reloads once only, then says Staffroom has been updated, with 'Reload',
 * and never shows the browser's raw message. No service worker, which would answer from its own copy.
 */
import fs from 'node:fs';
import path from 'node:path';
import { test as base, type Page } from '@playwright/test';
import { DEMO, docScreenshot, expect, expectNoSideScroll, signInThroughProvider } from './fixtures.js';

/**
 * The fixtures' page, except that React's report of the refused chunk (the error its boundary caught)
 * is expected here; any other console error or page error still fails the test.
 */
const test = base.extend<{ page: Page }>({
  page: async ({ page }, use) => {
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (
        msg.type() === 'error' &&
        !msg.text().startsWith('Failed to load resource') &&
        !/^TypeError: Failed to fetch dynamically imported module: .*\/assets\/my-details-/.test(msg.text())
      )
        problems.push(msg.text());
    });
    page.on('pageerror', (err) => problems.push(err.message));
    await use(page);
    expect(problems, 'console errors during the test').toEqual([]);
  },
});

test.use({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });

const UPDATED = 'Staffroom has been updated. Reload the page to continue.';

/** The address of the My Details screen's chunk in the build under test. */
function myDetailsChunk(): string {
  const manifest = JSON.parse(fs.readFileSync(path.resolve('dist/web/.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  return `/${manifest['app/routes/app/my-details.tsx']!.file}`;
}

/**
 * Refuses the My Details chunk `times` times (every time when Infinity); answers how often it was
 * asked for and refused so far.
 */
async function refuseMyDetailsCode(page: Page, times: number): Promise<{ asked: number; refused: number }> {
  const counts = { asked: 0, refused: 0 };
  await page.route(`**${myDetailsChunk()}`, async (route) => {
    counts.asked += 1;
    if (counts.refused >= times) return route.continue();
    counts.refused += 1;
    return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' });
  });
  return counts;
}

/** Every full load of a page, by address. */
function pageLoads(page: Page): string[] {
  const loads: string[] = [];
  page.on('load', () => loads.push(new URL(page.url()).pathname));
  return loads;
}

test('a screen whose code is gone: the page reloads itself once and the screen opens', async ({ page }) => {
  const counts = await refuseMyDetailsCode(page, 1);
  await signInThroughProvider(page, DEMO.sam);
  const loads = pageLoads(page);

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'My Details' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Details' })).toBeVisible();
  expect(counts.refused).toBe(1);
  await expect.poll(() => loads).toEqual(['/my-details']);
});

test('still gone after that reload: a plain message and Reload, never the raw error', async ({ page }) => {
  const counts = await refuseMyDetailsCode(page, Infinity);
  await signInThroughProvider(page, DEMO.sam);
  const loads = pageLoads(page);

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'My Details' }).click();
  await expect(page.getByRole('alert')).toHaveText(UPDATED);
  // One reload, not a loop: the page asked twice, once before and once after it.
  await expect.poll(() => loads).toEqual(['/my-details']);
  expect(counts.refused).toBeGreaterThanOrEqual(2);
  await expect(page.getByText(/dynamically imported module|Something went wrong/)).toHaveCount(0);
  // Inside the frame: the menu still works.
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await expectNoSideScroll(page, 'the updated message');
  await docScreenshot(page, 'app-updated-phone');

  // The new build's code arrives: Reload opens the screen.
  await page.unroute(`**${myDetailsChunk()}`);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Details' })).toBeVisible();
});
