/**
 * Erasure on request (docs/product.md#erasure-on-request) in Chromium at desktop (1280x800) and phone
 * (390x844) size: HR, made with the CLI and signed in through the provider's page, opens a leaver's page
 * (a leaver with an agreement issued, made with the CLI), sees in the dialog what the law keeps and until
 * when and what goes, erases after the emailed second factor, and the page then says what was kept and
 * until when. With ERASURE_SCREENS=<folder> the screens are saved there to be looked at.
 */
import type { Page } from '@playwright/test';
import { admin, emailedCode } from './admin.js';
import { createStaff, PASSWORD, SIZES, unique } from './console-steps.js';
import { expect, expectNoSideScroll, signInThroughProvider, test } from './fixtures.js';

async function screen(page: Page, name: string): Promise<void> {
  const folder = process.env.ERASURE_SCREENS;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
}

/** A date six years on from today in London, as the console writes it (DD/MM/YYYY). */
const sixYearsOn = () => {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date()).split('-');
  return `${d}/${m}/${Number(y) + 6}`;
};

for (const size of SIZES) {
  test(`HR erases a leaver's personal data and the page says what was kept until when (${size.name})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    const hr = await createStaff('Hana', 'Reid', 'The Lantern, York', ['--position', 'People partner']);
    await admin('role', 'grant', '--staff', hr, '--role', 'hr');
    const surname = unique('Gone', size.name);
    const leaver = await createStaff('Ezra', surname, 'The Lantern, Leeds', ['--position', 'Barback']);
    await admin(
      'agreement',
      'issue',
      '--staff',
      leaver,
      '--template',
      'templates/agreements/tips-and-tronc-policy.html',
    );
    await admin('staff', 'leave', '--staff', leaver, '--reason', 'resigned', '--now');

    await signInThroughProvider(page, hr, PASSWORD);
    await page.goto(`/admin/people?search=${surname.toLowerCase()}&status=left`);
    await page.getByRole('link', { name: new RegExp(`Ezra ${surname}`) }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Ezra ${surname}` })).toBeVisible();

    await page.getByRole('button', { name: 'Erase personal data' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase personal data' });
    const kept = dialog.getByRole('region', { name: 'Kept by law' });
    await expect(kept.getByText('Contracts and agreements, with their signing evidence and signed PDFs')).toBeVisible();
    await expect(kept.getByText(new RegExp(`Kept until ${sixYearsOn()}: Limitation Act 1980`))).toBeVisible();
    await expect(
      dialog.getByRole('region', { name: 'Will be erased now' }).getByText(/Sessions, messages/),
    ).toBeVisible();
    // Not ticked: said before anything is sent.
    await dialog.getByRole('button', { name: 'Erase now' }).click();
    await expect(dialog.getByText('Tick this to erase their data')).toBeVisible();
    await expectNoSideScroll(page, `the erasure dialog (${size.name})`);
    await screen(page, `erasure-dialog-${size.name}`);
    await dialog.getByRole('checkbox', { name: 'I understand that this cannot be undone' }).check();
    await dialog.getByRole('button', { name: 'Erase now' }).click();

    // The second factor, as for the payroll export; the erasure then goes on by itself.
    const tfa = page.getByRole('dialog', { name: 'Two Factor Auth Required' });
    await expect(tfa).toBeVisible();
    await tfa.getByRole('radio', { name: /Email code/ }).check();
    await tfa.getByRole('button', { name: 'Send code' }).click();
    await expect(tfa.getByLabel('Verification code')).toBeVisible();
    // The code goes out through the delivery queue: read it once it is in the outbox.
    let code: string | null = null;
    await expect
      .poll(async () => (code = await emailedCode(hr).catch(() => null)), { message: 'the emailed code' })
      .not.toBeNull();
    await tfa.getByLabel('Verification code').fill(code!);
    await tfa.getByRole('button', { name: 'Verify' }).click();
    await expect(tfa).toBeHidden();
    await expect(
      page.getByText(`Ezra ${surname}'s personal data has been erased, but for what the law keeps.`),
    ).toBeVisible();
    await expect(dialog).toBeHidden();

    const card = page.getByRole('region', { name: 'Personal data erased' });
    await expect(card.getByText(/Their personal data was erased on request on \d\d\/\d\d\/\d{4}\./)).toBeVisible();
    await expect(card.getByRole('region', { name: 'Kept by law' }).getByText(/Staff record/)).toBeVisible();
    await expect(
      card
        .getByRole('region', { name: 'Kept by law' })
        .getByText(new RegExp(`Kept until ${sixYearsOn()}: Limitation Act 1980`)),
    ).toBeVisible();
    await expectNoSideScroll(page, `a leaver's page after an erasure (${size.name})`);
    await screen(page, `erased-leaver-page-${size.name}`);
  });
}
