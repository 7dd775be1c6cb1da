/**
 * The staff import in the console (docs/product.md#staff-import) in Chromium at desktop (1280x800) and
 * phone (390x844) size: HR opens People › Import, chooses a CSV UTF-8 file of 50 people, reads the
 * dry run (50 to create, nothing changed yet), imports it, and finds them in the people list. The
 * upload, dry run and summary are photographed into .tmp/screens-import and their tap targets checked.
 */
import type { Page } from '@playwright/test';
import { expect, expectNoSideScroll, expectTapTargets, test } from './fixtures.js';
import { hrInConsole, SIZES } from './console-steps.js';

/** Writes the screen to .tmp/screens-import/<name>.png, after checking it can be tapped. */
async function look(page: Page, name: string): Promise<void> {
  await expectTapTargets(page, name);
  await expectNoSideScroll(page, name);
  await page.screenshot({ path: `.tmp/screens-import/${name}.png`, fullPage: false });
}

for (const size of SIZES) {
  test(`HR imports 50 people from a CSV file, after a dry run (${size.name})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    const run = `${size.name.charAt(0)}${Date.now().toString(36)}`;
    const surname = `Imported${run}`;
    const lines = Array.from(
      { length: 50 },
      (_, i) =>
        `Person${i},${surname},person${i}.${run}@example.com,"The Lantern, York",Bartender,03/02/2025,${run}-${i}`,
    );
    const file = Buffer.from(
      `Forename,Surname,Email,Venue,Position,Start date,Payroll id\r\n${lines.join('\r\n')}\r\n`,
    );

    await hrInConsole(page, 'People');
    await page.getByRole('link', { name: 'Import', exact: true }).click();
    await page.waitForURL('**/admin/people/import');
    await expect(page.getByRole('heading', { level: 1, name: 'Import people' })).toBeVisible();
    await look(page, `upload-${size.name}`);

    await page.getByLabel('CSV file').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: file });
    await expect(page.getByRole('heading', { name: 'What people.csv will do' })).toBeVisible();
    await expect(page.getByText('50 to create')).toBeVisible();
    await expect(page.getByText(/Nothing has changed yet\. Import creates 50 people, and sends each/)).toBeVisible();
    await expect(page.getByText(`person7.${run}@example.com`)).toBeVisible();
    await look(page, `dry-run-${size.name}`);

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const done = page.getByRole('alert').filter({ hasText: 'people.csv is imported' });
    await expect(done).toBeVisible();
    await expect(done).toContainText('50 created, 0 updated, 0 unchanged');
    await expect(done).toContainText('50 invitations to sign in are on their way');
    await look(page, `summary-${size.name}`);

    await page.getByRole('link', { name: 'Open the people list' }).click();
    await page.waitForURL('**/admin/people');
    const search = page.getByRole('searchbox', { name: 'Search people' });
    await search.click();
    await search.fill(surname.toLowerCase());
    // On a phone the whole card is the link, named with its other lines too.
    await expect(page.getByRole('link', { name: new RegExp(`^Person1 ${surname}\\b`) })).toBeVisible();
  });
}
