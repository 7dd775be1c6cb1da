/**
 * A signed-in screen's page carries the member (docs/architecture.md#layout): loading one in Chromium
 * shows the member without asking `GET /me` again, the page is never stored, and a signed-out browser
 * gets the page without anyone in it.
 */
import { admin } from './admin.js';
import { expect, signInThroughProvider, test } from './fixtures.js';

test.use({ viewport: { width: 390, height: 844 } });

const ME = '/api/staff/self-service/me';

test('a signed-in page arrives with the member; signed out, it carries no one', async ({ page }) => {
  const email = `rowan.hale.${Date.now().toString(36)}@example.com`;
  await admin(
    'create-staff',
    '--forename',
    'Rowan',
    '--surname',
    'Hale',
    '--email',
    email,
    '--password',
    'Welcome2026',
    '--venue',
    'The Lantern, Leeds',
    '--position',
    'Host',
  );
  await signInThroughProvider(page, email, 'Welcome2026');
  // The dashboard the sign-in lands on asks for the member itself (no page load): let it finish first.
  await expect(page.getByRole('heading', { name: /, Rowan$/ })).toBeVisible();

  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === ME) asked.push(request.method());
  });
  const answer = await page.goto('/dashboard');
  expect(answer?.headers()['cache-control']).toBe('no-store');
  await expect(page.getByRole('heading', { name: /, Rowan$/ })).toBeVisible();
  expect(asked, 'the member was asked for again').toEqual([]);

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/login');
  const signedOut = await page.request.get('/dashboard');
  expect(signedOut.headers()['cache-control']).toBe('no-cache');
  const html = await signedOut.text();
  expect(html).not.toContain('staffroom-me');
  expect(html).not.toContain(email);
});
