/**
 * docs/product.md#surveys in Chromium at phone size: a member opens the atmosphere audit from the dashboard card,
 * answers every question type (a photo uploaded too), saves, sees the success message, and HR
 * finds the submission in the CLI's CSV export. With SCREENSHOTS=1 a phone screenshot of the survey goes to docs.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import sharp from 'sharp';
import { admin } from './admin.js';
import { DEMO, expect, docScreenshot, expectNoSideScroll, signInThroughProvider, test } from './fixtures.js';
import { departure } from './departures.js';

test.use({ viewport: { width: 390, height: 844 } });

test('the atmosphere audit, from the dashboard card to the CSV export', async ({ page }) => {
  test.info().annotations.push(departure('bars-and-locations'));
  test.setTimeout(120_000);
  const comment = `Lively, music a touch loud by the bar (${Date.now().toString(36)})`;
  await signInThroughProvider(page, DEMO.sam);
  await page.getByRole('link', { name: 'Start audit' }).click();
  await page.waitForURL('**/survey/6');
  await expect(page.getByRole('heading', { name: 'Atmosphere audit' })).toBeVisible();

  await page.getByLabel('Venue').click();
  await page.getByRole('option', { name: 'The Lantern, Leeds' }).click();
  await page.getByRole('group', { name: 'Date of the visit' }).click();
  await page.keyboard.type('20112026');
  await page.getByRole('group', { name: 'From' }).click();
  await page.keyboard.type('1900');
  await page.getByRole('group', { name: 'Until' }).click();
  await page.keyboard.type('2100');
  await page.getByRole('radiogroup', { name: 'Music level' }).getByRole('radio', { name: '4 of 5 bars' }).click();
  await page.getByRole('radiogroup', { name: 'Lighting' }).getByRole('radio', { name: '2 of 5 bars' }).click();
  await page.getByRole('radio', { name: 'Good' }).check();
  await page.getByLabel('Staff on shift').click();
  await page.getByRole('option', { name: '3 to 5' }).click();
  await page.getByRole('combobox', { name: 'Area checked most closely' }).fill('gard');
  await page.getByRole('option', { name: 'Beer garden' }).click();
  await page.getByLabel('Who did the audit').fill('Sam Taylor');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'staffroom-e2e-'));
  const photo = path.join(dir, 'bar.jpg');
  await fs.writeFile(
    photo,
    await sharp({ create: { width: 640, height: 480, channels: 3, background: '#a63' } })
      .jpeg()
      .toBuffer(),
  );
  await page.getByLabel('Upload A photo of the room').setInputFiles(photo);
  await expect(page.getByRole('textbox', { name: 'A photo of the room' })).toHaveValue('bar.jpg');
  await page.getByLabel('Comments').fill(comment);

  await expectNoSideScroll(page, 'survey');
  // A full-page capture of a scrolled page draws the fixed top bar where the view was.
  await page.evaluate('window.scrollTo(0, 0)');
  await docScreenshot(page, 'survey-phone', { fullPage: true });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Survey saved successfully')).toBeVisible();
  // A thank-you with the way back, not the form again (screenshotted at phone size to look at).
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you' })).toBeVisible();
  await docScreenshot(page, 'survey-sent-phone');
  await expect(page.getByRole('link', { name: 'Back to the dashboard' })).toBeVisible();

  // HR exports the answers.
  const csvFile = path.join(dir, 'audit.csv');
  await admin('survey', 'results', '6', '--csv', csvFile);
  const rows = parse(await fs.readFile(csvFile, 'utf8'), { columns: true }) as Record<string, string>[];
  const row = rows.find((r) => r.Comments === comment);
  expect(row).toMatchObject({
    staff_email: DEMO.sam,
    Venue: 'The Lantern, Leeds',
    'Date of the visit': '20/11/2026',
    'Time of the visit': '19:00-21:00',
    'Music level': '4',
    Lighting: '2',
    Cleanliness: 'Good',
    'Staff on shift': '3 to 5',
    'Area checked most closely': 'Beer garden',
    'Who did the audit': 'Sam Taylor',
    'A photo of the room': 'bar.jpg',
  });
  await fs.rm(dir, { recursive: true, force: true });
});
