/**
 * A joiner with a Polish name signs a contract from its own link in Chromium, downloads the signed PDF,
 * and anyone checks it on the public `/verify` page (docs/product.md#verify): intact, signed by the
 * joiner as named; then a copy with one byte changed is told apart.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import dayjs from 'dayjs';
import { admin, lastMailTo, linkIn } from './admin.js';
import { createStaff, drawSignature, PHONE } from './console-steps.js';
import { docScreenshot, expect, expectNoSideScroll, test } from './fixtures.js';

test.use({ viewport: PHONE });

test('a signed contract downloaded by Łukasz is confirmed by /verify, and a changed copy is not', async ({ page }) => {
  test.setTimeout(120_000);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'staffroom-verify-'));
  const email = await createStaff('Łukasz', 'Wiśniewski-Șerban', 'The Lantern, Leeds', [
    '--position',
    'Bartender',
    '--start-date',
    '2026-12-14',
  ]);
  await admin('contract', 'issue', '--staff', email, '--template', 'templates/contract-of-employment.html');
  const link = linkIn(await lastMailTo(email));
  await page.goto(new URL(link).pathname);
  await drawSignature(page);
  await page.getByRole('button', { name: 'Sign Contract' }).click();
  await expect(page.getByText(`This contract was signed on ${dayjs().format('DD/MM/YYYY')}`)).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download signed PDF' }).click();
  const signedFile = path.join(dir, 'signed.pdf');
  await (await downloading).saveAs(signedFile);

  await page.goto('/verify');
  await expect(page.getByRole('heading', { name: 'Check a signed document' })).toBeVisible();
  await page.getByLabel('PDF to check').setInputFiles(signedFile);
  const verdict = page.getByRole('status');
  await expect(verdict).toContainText(
    /Signed by .+ with Staffroom on \d\d\/\d\d\/\d{4} at \d\d:\d\d by Łukasz Wiśniewski-Șerban, and unchanged since\./,
  );
  await expectNoSideScroll(page, 'verify');
  await docScreenshot(page, 'verify-intact-phone', { fullPage: true });

  const bytes = await fs.readFile(signedFile);
  // One byte of the certificate page's drawn text, well inside the signed bytes, changed.
  const changed = Buffer.from(bytes);
  const at = bytes.indexOf('stream\n', Math.floor(bytes.length / 3)) + 20;
  changed[at] = changed[at]! ^ 0x01;
  const changedFile = path.join(dir, 'changed.pdf');
  await fs.writeFile(changedFile, changed);
  await page.getByLabel('PDF to check').setInputFiles(changedFile);
  await expect(verdict).toContainText('but changed after it was signed: this is not the document that was signed.');

  await fs.rm(dir, { recursive: true, force: true });
});
