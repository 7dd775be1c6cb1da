/**
 * The first load of a signed-in screen on a slow link: the page asks for the member (`GET /me`)
 * itself, in parallel with the code, and the app takes that answer instead of asking a second time.
 */
import { DEMO, expect, signInThroughProvider, test } from './fixtures.js';

// The first visit, before a service worker is installed: the slow load this is for. (With a worker in
// control, Chromium sometimes does not hand the preloaded answer to the app, which then asks again.)
test.use({ serviceWorkers: 'block' });

test('a signed-in screen loaded afresh asks for the member once, with the page', async ({ page }) => {
  await signInThroughProvider(page, DEMO.sam);
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/staff/self-service/me') asked.push(request.resourceType());
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Sam');
  await expect(page.getByText('Useful Information')).toBeVisible();
  // Once, and by the page's preload ('other'), not by the app's code after it ran ('fetch').
  expect(asked).toEqual(['other']);
});
