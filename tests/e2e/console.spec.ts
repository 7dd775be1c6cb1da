/**
 * The HR console's People (docs/product.md#console) in Chromium at desktop (1280x800) and phone
 * (390x844) size: HR, made with the CLI, opens the console from the menu, finds a person, opens them
 * and marks their training complete; a manager of The Lantern, Leeds, sent to sign in and back,
 * sees only that venue's people;
 * a staff member without a console role who opens /admin gets the not-allowed page. Every screen's
 * tap targets are checked; with SCREENSHOTS=1 People and a person's page go to docs/screenshots.
 */
import type { Page } from '@playwright/test';
import { admin } from './admin.js';
import {
  DEMO,
  docScreenshot,
  expect,
  expectNoSideScroll,
  expectTapTargets,
  signInThroughProvider,
  test,
} from './fixtures.js';
import { departure } from './departures.js';

const PASSWORD = 'Welcome2026';
const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** A new staff member at `venue`, who can sign in with PASSWORD; answers their email address. */
async function createStaff(forename: string, surname: string, venue: string, extra: string[] = []): Promise<string> {
  const email = `${forename}.${surname}.${Date.now().toString(36)}@example.com`.toLowerCase();
  await admin(
    'create-staff',
    '--forename',
    forename,
    '--surname',
    surname,
    '--email',
    email,
    '--password',
    PASSWORD,
    '--venue',
    venue,
    ...extra,
  );
  return email;
}

/** Opens the side menu and chooses `entry`. */
async function choose(page: Page, entry: string): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: entry }).click();
}

for (const size of SIZES) {
  test(`HR finds a person in the console and marks their training complete (${size.name})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    const hr = await createStaff('Hana', 'Reid', 'The Lantern, York', ['--position', 'People partner']);
    await admin('role', 'grant', '--staff', hr, '--role', 'hr');
    // A surname no one else has, so the search finds them alone.
    const surname = `Quill${size.name === 'phone' ? 'p' : 'd'}${Date.now().toString(36)}`;
    await createStaff('Toby', surname, 'The Lantern, Leeds', [
      '--position',
      'Barback',
      '--start-date',
      '2026-05-04',
      '--mobile',
      '07700 900456',
    ]);

    await signInThroughProvider(page, hr, PASSWORD);
    await choose(page, 'HR console');
    await page.waitForURL('**/admin/people');
    await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sam Taylor' }).first()).toBeVisible();
    await expectNoSideScroll(page, `People (${size.name})`);
    await docScreenshot(page, `console-people-${size.name}`);

    // Clicked first, as a person does: the pointer then rests on the field, not on a column header whose
    // Sort tooltip would cover the first row.
    const search = page.getByRole('searchbox', { name: 'Search people' });
    await search.click();
    await search.fill(surname.toLowerCase());
    const result = page.getByRole('link', { name: new RegExp(`Toby ${surname}`) });
    await expect(result).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sam Taylor' })).toHaveCount(0);
    await result.click();

    await expect(page.getByRole('heading', { level: 1, name: `Toby ${surname}` })).toBeVisible();
    const details = page.getByRole('region', { name: 'Details' });
    await expect(details.getByText('07700 900456')).toBeVisible();
    await expect(details.getByText('04/05/2026')).toBeVisible();
    await expectNoSideScroll(page, `a person (${size.name})`);
    await docScreenshot(page, `console-person-${size.name}`, { fullPage: size.name === 'desktop' });

    // HR's Console role dialog: a manager's venues to tick, every control big enough to tap.
    await page.getByRole('button', { name: 'Console role' }).click();
    const role = page.getByRole('dialog', { name: 'Console role' });
    await role.getByRole('radio', { name: 'Venue manager' }).check();
    await expect(role.getByRole('checkbox', { name: 'The Lantern, Leeds' })).toBeVisible();
    await expectTapTargets(page, `Console role (${size.name})`);
    await role.getByRole('button', { name: 'Cancel' }).click();
    await expect(role).toBeHidden();

    await page.getByRole('button', { name: 'Mark training complete' }).click();
    await expect(page.getByText(`Training marked complete for Toby ${surname}.`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark training complete' })).toHaveCount(0);
    await expect(
      page.getByRole('region', { name: 'Onboarding' }).getByText('Complete', { exact: true }).last(),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'History' }).getByText('Training completed')).toBeVisible();

    // Back to the list as it was left: the search still stands, and the person shows trained.
    await page.getByRole('link', { name: 'People' }).click();
    await expect(page.getByRole('searchbox', { name: 'Search people' })).toHaveValue(surname.toLowerCase());
    if (size.name === 'desktop') {
      await expect(
        page
          .getByRole('row')
          .filter({ hasText: `Toby ${surname}` })
          .getByRole('gridcell', { name: 'Complete', exact: true }),
      ).toBeVisible();
    } else {
      await expect(page.getByRole('link', { name: new RegExp(`Toby ${surname}`) })).toContainText('Training complete');
    }
  });
}

test("a manager of The Lantern, Leeds sees only that venue's people", async ({ page }) => {
  test.info().annotations.push(departure('console-roles'));
  await page.setViewportSize({ width: 1280, height: 800 });
  const manager = await createStaff('Mina', 'Shaw', 'The Lantern, Leeds', ['--position', 'General manager']);
  await admin('role', 'grant', '--staff', manager, '--role', 'manager', '--venue', 'The Lantern, Leeds');
  // Signed out, the console sends them to sign in, and back to it afterwards.
  await page.goto('/admin/people');
  await page.waitForURL('**/login');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByLabel('Email address').fill(manager);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/admin/people');
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();

  const grid = page.getByRole('grid', { name: 'People' });
  await expect(grid.getByRole('link', { name: 'Sam Taylor' })).toBeVisible();
  // Riley Evans works at York, Jamie Patel at Manchester: neither is this manager's.
  await expect(grid.getByRole('link', { name: 'Riley Evans' })).toHaveCount(0);
  await expect(grid.getByRole('link', { name: 'Jamie Patel' })).toHaveCount(0);
  const venues = await grid
    .getByRole('gridcell')
    .filter({ hasText: /^(The Lantern|Salt & Ember), / })
    .allTextContents();
  expect(venues.length).toBeGreaterThan(0);
  expect(new Set(venues)).toEqual(new Set(['The Lantern, Leeds']));

  await page.getByRole('searchbox', { name: 'Search people' }).fill('riley');
  await expect(grid.getByText('No one matches')).toBeVisible();

  // A manager changes no one's console role.
  await page.getByRole('searchbox', { name: 'Search people' }).fill('sam');
  await grid.getByRole('link', { name: 'Sam Taylor' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sam Taylor' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Console role' })).toHaveCount(0);
});

test('a staff member who opens /admin sees the not-allowed page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInThroughProvider(page, DEMO.sam);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'HR console' }),
  ).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
});
