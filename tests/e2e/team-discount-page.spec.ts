/**
 * The `/team-discount` page carries the member's card (docs/architecture.md#performance): once the
 * member has a selfie, opening the page in Chromium shows the card, code and QR, without asking for it,
 * and the page is never stored.
 */
import { admin } from './admin.js';
import { expect, signInThroughProvider, takeSelfieFromDiscountCard, test } from './fixtures.js';

test.use({ viewport: { width: 390, height: 844 } });

test('the team-discount page arrives with the card, so the screen asks for nothing', async ({ page, context }) => {
  const email = `card.page.${Date.now().toString(36)}@example.com`;
  await admin(
    'create-staff',
    '--forename',
    'Ravi',
    '--surname',
    'Shah',
    '--email',
    email,
    '--password',
    'Welcome2026',
    '--venue',
    'The Lantern, Leeds',
    '--position',
    'Barista',
    '--date-of-birth',
    '1996-02-02',
  );
  await signInThroughProvider(page, email, 'Welcome2026');
  await page.goto('/team-discount');
  // Without a selfie the page carries no card: the screen's own call answers with the prompt.
  await takeSelfieFromDiscountCard(page);

  // A new tab of the same browser: only its own requests count, not the first tab's refetch.
  const tab = await context.newPage();
  const asked: string[] = [];
  tab.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/staff/self-service/staff-discount-status')
      asked.push(request.method());
  });
  const answer = await tab.goto('/team-discount');
  expect(answer?.headers()['cache-control']).toBe('no-store');
  const card = tab.getByRole('article', { name: 'Ravi Shah' });
  await expect(card.getByText(/^\d+-[0-9A-HJKMNP-TV-Z]{8}$/)).toBeVisible();
  await expect(card.getByRole('img', { name: 'Team discount QR code' })).toBeVisible();
  expect(asked, 'the card was asked for again').toEqual([]);
});
