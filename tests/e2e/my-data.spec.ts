/**
 * docs/product.md#subject-access in Chromium at phone size: a member downloads their data from My
 * Details; the download asks for a second factor first (the email code read from the outbox), then
 * arrives by itself as a zip holding summary.html, data.json with their own record, and their files.
 * On a desktop, HR downloads a leaver's data from the person's page, bank details masked.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { admin, emailedCode } from './admin.js';
import { createStaff, hrInConsole, unique } from './console-steps.js';
import { expect, expectNoSideScroll, expectTapTargets, signInThroughProvider, test } from './fixtures.js';

const run = promisify(execFile);

test.use({ viewport: { width: 390, height: 844 } });

test('a member downloads everything held about them from My Details, after a second factor', async ({ page }) => {
  test.setTimeout(120_000);
  const email = `robin.ash.${Date.now().toString(36)}@example.com`;
  await admin(
    'create-staff',
    '--forename',
    'Robin',
    '--surname',
    'Ash',
    '--email',
    email,
    '--password',
    'Welcome2026',
    '--venue',
    'The Lantern, Leeds',
    '--position',
    'Barista',
  );
  await signInThroughProvider(page, email, 'Welcome2026');
  await page.goto('/my-details');
  const section = page.getByRole('region', { name: 'My data' });
  const button = section.getByRole('button', { name: 'Download my data' });
  await button.scrollIntoViewIfNeeded();
  await expect(button).toBeVisible();
  await expectNoSideScroll(page, 'my data');
  await expectTapTargets(page, 'my data');
  await page.screenshot({ path: '.tmp/screens/my-data-phone.png', fullPage: true });

  const downloaded = page.waitForEvent('download');
  await button.click();
  const tfa = page.getByRole('dialog', { name: 'Two Factor Auth Required' });
  await expect(tfa).toBeVisible();
  await tfa.getByRole('radio', { name: /Email code/ }).check();
  await tfa.getByRole('button', { name: 'Send code' }).click();
  await expect(tfa.getByLabel('Verification code')).toBeVisible();
  await tfa.getByLabel('Verification code').fill(await emailedCode(email));
  await tfa.getByRole('button', { name: 'Verify' }).click();
  await expect(tfa).toBeHidden();

  // The download that asked goes again by itself once the code is passed.
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/^Staffroom data of Robin Ash \d{4}-\d{2}-\d{2}\.zip$/);
  const file = (await download.path())!;
  await run('unzip', ['-tq', file]);
  const { stdout: names } = await run('zipinfo', ['-1', file]);
  expect(names.split('\n').filter(Boolean).slice(0, 2)).toEqual(['summary.html', 'data.json']);
  const { stdout: summary } = await run('unzip', ['-p', file, 'summary.html']);
  expect(summary).toContain('<h1>Data held about Robin Ash</h1>');
  const { stdout: json } = await run('unzip', ['-p', file, 'data.json']);
  expect(JSON.parse(json)).toMatchObject({ audience: 'self', staff_record: { email_address: email } });
  await expect(button).toBeEnabled();
  await page.screenshot({ path: '.tmp/screens/my-data-phone-after.png' });
});

test('HR downloads a leaver’s data from their page on a desktop, after a second factor', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const surname = unique('Leaver', 'desktop');
  const leaver = await createStaff('Lee', surname, 'The Lantern, Leeds', ['--position', 'Barback']);
  await admin('staff', 'leave', '--staff', leaver, '--now', '--reason', 'resigned');
  await hrInConsole(page, 'People');
  const hrEmail = await page.evaluate(async () => {
    const me = (await (await fetch('/api/staff/self-service/me')).json()) as { data: { email_address: string } };
    return me.data.email_address;
  });
  await page.goto(`/admin/people?search=${surname.toLowerCase()}&status=left`);
  await page.getByRole('link', { name: new RegExp(`Lee ${surname}`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Lee ${surname}` })).toBeVisible();
  const button = page.getByRole('button', { name: 'Download their data' });
  await expect(button).toBeVisible();
  await expectNoSideScroll(page, 'a leaver’s page with Download their data');
  await page.screenshot({ path: '.tmp/screens/subject-access-desktop.png' });

  const downloaded = page.waitForEvent('download');
  await button.click();
  const tfa = page.getByRole('dialog', { name: 'Two Factor Auth Required' });
  await tfa.getByRole('radio', { name: /Email code/ }).check();
  await tfa.getByRole('button', { name: 'Send code' }).click();
  await tfa.getByLabel('Verification code').fill(await emailedCode(hrEmail));
  await tfa.getByRole('button', { name: 'Verify' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^Staffroom data of Lee ${surname} \\d{4}-\\d{2}-\\d{2}\\.zip$`),
  );
  const { stdout: json } = await run('unzip', ['-p', (await download.path())!, 'data.json']);
  expect(JSON.parse(json)).toMatchObject({
    audience: 'hr',
    staff_record: { email_address: leaver, leaving_reason: 'resigned' },
  });
});
