/**
 * A joiner's link page carries the link's onboarding status and draft (docs/architecture.md#performance):
 * opening it in Chromium shows the form without asking for either, the page is never stored, and an
 * unknown link's page carries nothing and shows the invalid-link message.
 */
import dayjs from 'dayjs';
import { admin, lastMailTo, linkIn } from './admin.js';
import { expect, test } from './fixtures.js';

test.use({ viewport: { width: 390, height: 844 } });

test("a link's page arrives with its status and draft; an unknown link's carries nothing", async ({ page }) => {
  const email = `idris.page.${Date.now().toString(36)}@example.com`;
  await admin(
    'invite',
    '--forename',
    'Idris',
    '--surname',
    'Bello',
    '--email',
    email,
    '--venue',
    'The Lantern, Leeds',
    '--position',
    'Host',
    '--start-date',
    dayjs().add(7, 'day').format('YYYY-MM-DD'),
  );
  const link = new URL(linkIn(await lastMailTo(email))).pathname;
  const token = link.split('/').at(-1)!;

  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/staff/self-service-onboard/'))
      asked.push(`${request.method()} ${pathname.replace(token, '<token>')}`);
  });
  const answer = await page.goto(link);
  expect(answer?.headers()['cache-control']).toBe('no-store');
  await expect(page.getByRole('heading', { name: 'Hi Idris' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  expect(asked, 'the status or the draft was asked for again').toEqual([]);

  const unknown = await page.request.get('/onboard/not-a-real-link-token-at-all');
  expect(unknown.headers()['cache-control']).toBe('no-cache');
  expect(await unknown.text()).not.toContain('staffroom-onboarding');
  await page.goto('/onboard/not-a-real-link-token-at-all');
  await expect(page.getByRole('heading', { name: 'This link has expired or is not valid' })).toBeVisible();
});
