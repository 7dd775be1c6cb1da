/**
 * My Documents and HR's zips (docs/product.md#my-documents, docs/product.md#signed-documents-as-a-zip), at
 * phone and desktop size: a member opens My Documents from the side menu, signs a waiting agreement
 * there, sees its signed PDF in the viewer and downloads it, and later opens it again from the list;
 * HR downloads that person's signed documents, and a venue's for a period, as zips. With
 * SCREENSHOTS=1 each new screen is captured into docs/screenshots.
 */
import fs from 'node:fs/promises';
import { admin } from './admin.js';
import { createStaff, drawSignature, hrInConsole, PASSWORD, SIZES } from './console-steps.js';
import { docScreenshot, expect, expectNoSideScroll, signInThroughProvider, test } from './fixtures.js';

for (const size of SIZES) {
  test(`My Documents at ${size.name} size: sign a waiting agreement, open the signed PDF, download it; HR's zips`, async ({
    page,
    browser,
  }) => {
    // Two sign-ins, a signature, a PDF drawn twice and three downloads.
    test.setTimeout(120_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    const email = await createStaff('Maja', `Nowak${size.name}`, 'The Lantern, Leeds', [
      '--position',
      'Bartender',
      '--start-date',
      '2026-12-01',
    ]);
    await admin(
      'agreement',
      'issue',
      '--staff',
      email,
      '--template',
      'templates/agreements/tips-and-tronc-policy.html',
    );
    await admin(
      'contract',
      'issue',
      '--staff',
      email,
      '--template',
      'templates/contract-of-employment.html',
      '--title',
      'Contract of employment',
    );

    await signInThroughProvider(page, email, PASSWORD);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    // Below the product's entries, after a divider.
    await expect(menu.getByRole('separator')).toBeVisible();
    await menu.getByRole('button', { name: 'My Documents' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Documents' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Your documents' });
    await expect(list.getByRole('link')).toHaveCount(2);
    await expect(list.getByRole('link').first()).toContainText('Contract of employment');
    await expect(list.getByRole('link').first()).toContainText('Waiting for your signature');
    await expectNoSideScroll(page, 'My Documents');
    await docScreenshot(page, `my-documents-${size.name}`);

    // The waiting agreement opens its signing page inside the frame.
    await list.getByRole('link', { name: /Tips and tronc policy/ }).click();
    await expect(page).toHaveURL(/\/my-documents\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Agreements' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign Agreement' })).toBeDisabled();
    await docScreenshot(page, `my-document-waiting-${size.name}`, { fullPage: size.name !== 'phone' });
    await drawSignature(page);
    await page.getByRole('button', { name: 'Sign Agreement' }).click();
    await expect(page.getByText(/^This agreement was signed on \d\d\/\d\d\/\d{4}$/)).toBeVisible();
    // The signed PDF in the app's viewer, its certificate page last.
    const viewer = page.getByRole('region', { name: /Tips and tronc policy/ });
    await expect(viewer.locator('canvas').first()).toBeVisible();
    await docScreenshot(page, `my-document-signed-${size.name}`, { fullPage: size.name !== 'phone' });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download signed PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Tips and tronc policy (signed).pdf');
    const bytes = await fs.readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // Later, from the list: the signed one opens its signed PDF again, the link long forgotten.
    await page.getByRole('link', { name: 'My Documents' }).click();
    await expect(list.getByRole('link', { name: /Tips and tronc policy/ })).toContainText(/Signed \d\d\/\d\d\/\d{4}/);
    await list.getByRole('link', { name: /Tips and tronc policy/ }).click();
    await expect(page.getByRole('link', { name: 'Download signed PDF' })).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: /Tips and tronc policy/ })
        .locator('canvas')
        .first(),
    ).toBeVisible();

    // HR: the person's signed documents, and the venue's for today, as zips.
    const hrPage = await (await browser.newContext({ viewport: { width: size.width, height: size.height } })).newPage();
    await hrInConsole(hrPage, 'People');
    const search = hrPage.getByRole('searchbox', { name: 'Search people' });
    await search.click();
    await search.fill(`nowak${size.name}`);
    const personLink = hrPage.getByRole('link', { name: `Maja Nowak${size.name}` });
    await hrPage.goto((await personLink.getAttribute('href'))!);
    const zipButton = hrPage.getByRole('link', { name: 'Download all signed (zip)' });
    await expect(zipButton).toBeVisible();
    const [personZip] = await Promise.all([hrPage.waitForEvent('download'), zipButton.click()]);
    expect(personZip.suggestedFilename()).toBe(`Signed documents of Maja Nowak${size.name}.zip`);
    expect((await fs.readFile((await personZip.path())!)).subarray(0, 2).toString()).toBe('PK');
    await zipButton.scrollIntoViewIfNeeded();
    await docScreenshot(hrPage, `console-person-zip-${size.name}`);

    await hrPage.goto('/admin/documents');
    await hrPage.getByRole('button', { name: 'Download signed' }).click();
    const form = hrPage.getByRole('region', { name: 'Download signed documents' });
    // A tap on an option can be lost while the list still settles (seen once in CI, the list left
    // open): the choice is made again until the field shows it.
    const venue = form.getByRole('combobox', { name: 'Venue' });
    await expect(async () => {
      if (!(await hrPage.getByRole('listbox').isVisible())) await venue.click();
      await hrPage.getByRole('option', { name: 'The Lantern, Leeds' }).click({ timeout: 5_000 });
      await expect(venue).toHaveText('The Lantern, Leeds', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    const [venueZip] = await Promise.all([
      hrPage.waitForEvent('download'),
      form.getByRole('link', { name: 'Download zip' }).click(),
    ]);
    expect(venueZip.suggestedFilename()).toMatch(
      /^Signed documents of The Lantern, Leeds \d{4}-\d\d-01 to \d{4}-\d\d-\d\d\.zip$/,
    );
    await docScreenshot(hrPage, `console-documents-zip-${size.name}`);
    await hrPage.context().close();
  });
}
