/**
 * docs/product.md#my-details in Chromium at phone size: a member changes every part of My Details; the bank change
 * goes through the two-factor dialog with the email code read from the outbox and completes without
 * a second tap; the details show in full for the stepped-up session and after 'Show current details'
 * in a new one; the selfie is taken
 * with Chromium's fake camera and then locked; after HR resets it, a picture file is uploaded.
 * With SCREENSHOTS=1 a phone-size screenshot of each modal goes to docs/screenshots.
 */
import path from 'node:path';
import os from 'node:os';
import fs from 'node:fs/promises';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { admin, emailedCode } from './admin.js';
import { expect, docScreenshot, expectNoSideScroll, signInThroughProvider, test } from './fixtures.js';
import { departure } from './departures.js';

test.use({ viewport: { width: 390, height: 844 } });

const SELFIE_NOTE =
  'Your picture has been saved. If it needs to change, your line manager must remove it in the HR system.';

async function shot(page: Page, name: string) {
  await expectNoSideScroll(page, name);
  await docScreenshot(page, `${name}-phone`);
}

test('a member keeps My Details current, with a second factor for bank details, and locks in a selfie', async ({
  page,
}) => {
  test.info().annotations.push(departure('bank-details-masked'), departure('contact-modal-field-errors'));
  test.setTimeout(180_000);
  const email = `dana.price.${Date.now().toString(36)}@example.com`;
  await admin(
    'create-staff',
    '--forename',
    'Dana',
    '--surname',
    'Price',
    '--email',
    email,
    '--password',
    'Welcome2026',
    '--venue',
    'The Lantern, Leeds',
    '--position',
    'Barista',
    '--mobile',
    '07911 123456',
  );
  await signInThroughProvider(page, email, 'Welcome2026');
  await page.goto('/my-details');
  await expect(page.getByRole('heading', { name: 'My Details' })).toBeVisible();
  await expect(page.getByText('My Information')).toBeVisible();
  await shot(page, 'my-details');

  // Banking: the save needs a second factor; the dialog opens, the email code passes, Save again works.
  await page.getByRole('button', { name: 'Edit Banking' }).click();
  const banking = page.getByRole('dialog', { name: 'Banking' });
  await banking.getByLabel('Account number').fill('31926819');
  await banking.getByLabel('Sort code').fill('601613');
  await expect(banking.getByLabel('Sort code')).toHaveValue('60-16-13');
  await shot(page, 'my-details-banking');
  await banking.getByRole('button', { name: 'Save' }).click();

  const tfa = page.getByRole('dialog', { name: 'Two Factor Auth Required' });
  await expect(tfa).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(tfa).toBeVisible();
  await tfa.getByRole('radio', { name: /Email code/ }).check();
  await shot(page, 'two-factor-choose');
  await tfa.getByRole('button', { name: 'Send code' }).click();
  await expect(tfa.getByLabel('Verification code')).toBeVisible();
  await tfa.getByLabel('Verification code').fill('000000');
  await tfa.getByRole('button', { name: 'Verify' }).click();
  await expect(tfa.getByText('That code is not right. 4 tries left.')).toBeVisible();
  await tfa.getByLabel('Verification code').fill(await emailedCode(email));
  await shot(page, 'two-factor-code');
  await tfa.getByRole('button', { name: 'Verify' }).click();
  await expect(tfa).toBeHidden();
  // The save that asked completes by itself: no second tap on Save.
  await expect(banking).toBeHidden();
  await expect(page.getByText('Your bank details have been saved.')).toBeVisible();
  await expect(page.getByText(/ending 6819/)).toBeVisible();

  // Within the 15 minutes, after a reload too, the modal opens filled with the details held.
  await page.reload();
  await page.getByRole('button', { name: 'Edit Banking' }).click();
  await expect(banking.getByLabel('Account number')).toHaveValue('31926819');
  await expect(banking.getByLabel('Sort code')).toHaveValue('60-16-13');
  await expect(banking.getByRole('button', { name: 'Show current details' })).toHaveCount(0);
  await banking.getByRole('button', { name: 'Cancel' }).click();
  await expect(banking).toBeHidden();

  // Email & Contact: still within the 15 minutes, so it saves straight away.
  await page.getByRole('button', { name: 'Edit Email & Contact' }).click();
  const contact = page.getByRole('dialog', { name: 'Email & Contact' });
  await expect(contact.getByLabel('Email address')).toHaveValue(email);
  await contact.getByLabel('Mobile').fill('not a phone');
  await contact.getByLabel('Next of kin name').fill('Sam Price');
  await contact.getByLabel('Next of kin phone').fill('0113 496 0000');
  await contact.getByRole('button', { name: 'Save' }).click();
  await expect(contact.getByText(/Enter a valid phone number/)).toBeVisible();
  await contact.getByLabel('Mobile').fill('+44 7123 654321');
  await shot(page, 'my-details-contact');
  await contact.getByRole('button', { name: 'Save' }).click();
  await expect(contact).toBeHidden();
  // Stored in E.164, shown the way UK numbers are written.
  await expect(page.getByText('07123 654321')).toBeVisible();

  // Personal & Profile: names read-only, postcode normalised.
  await page.getByRole('button', { name: 'Edit Personal & Profile' }).click();
  const personal = page.getByRole('dialog', { name: 'Personal & Profile' });
  await expect(personal.getByLabel('First name')).not.toBeEditable();
  await expect(personal.getByLabel('Last name')).not.toBeEditable();
  await personal.getByLabel('Known as').fill('Dee');
  await personal.getByLabel('Address line 1').fill('21 Call Lane');
  await personal.getByLabel('Postcode').fill('ls1 7be');
  await shot(page, 'my-details-personal');
  await personal.getByRole('button', { name: 'Save' }).click();
  await expect(personal).toBeHidden();
  await expect(page.getByText('LS1 7BE')).toBeVisible();

  // Profile Picture: Chromium's fake camera, preview, Save, then locked.
  await page.getByRole('button', { name: 'Add Profile Picture' }).click();
  const picture = page.getByRole('dialog', { name: 'Profile Picture' });
  await picture.getByRole('button', { name: 'Take Picture' }).click();
  await expect(picture.getByRole('button', { name: 'Capture' })).toBeEnabled();
  await shot(page, 'my-details-camera');
  await picture.getByRole('button', { name: 'Capture' }).click();
  await expect(picture.getByRole('button', { name: 'Take again' })).toBeVisible();
  await shot(page, 'my-details-picture-preview');
  await picture.getByRole('button', { name: 'Save' }).click();
  await expect(picture).toBeHidden();
  await page.getByRole('button', { name: 'View Profile Picture' }).click();
  await expect(picture.getByText(SELFIE_NOTE)).toBeVisible();
  await expect(picture.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(picture.getByRole('button', { name: 'Take Picture' })).toHaveCount(0);
  const img = picture.getByRole('img', { name: 'Your profile picture' });
  // The picture really loads from the server (only its owner's session may fetch it).
  await expect
    .poll(() => img.evaluate((el: { complete: boolean; naturalWidth: number }) => (el.complete ? el.naturalWidth : 0)))
    .toBeGreaterThan(0);
  await shot(page, 'my-details-picture-locked');
  await picture.getByRole('button', { name: 'Cancel' }).click();

  // HR resets it; the member uploads a photo file instead.
  expect((await admin('selfie', 'reset', '--staff', email)).at(-1)).toContain('Removed the profile picture');
  await page.reload();
  await page.getByRole('button', { name: 'Add Profile Picture' }).click();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'staffroom-e2e-'));
  const photo = path.join(dir, 'me.jpg');
  await fs.writeFile(
    photo,
    await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#7a9' } })
      .jpeg()
      .toBuffer(),
  );
  await picture.getByLabel('Upload picture').setInputFiles(photo);
  await expect(picture.getByRole('button', { name: 'Take again' })).toBeVisible();
  await picture.getByRole('button', { name: 'Save' }).click();
  await expect(picture).toBeHidden();
  await page.getByRole('button', { name: 'View Profile Picture' }).click();
  await expect(picture.getByText(SELFIE_NOTE)).toBeVisible();
  await fs.rm(dir, { recursive: true, force: true });
  await picture.getByRole('button', { name: 'Cancel' }).click();

  // A new session has passed no second factor: Banking opens empty, and 'Show current details' asks
  // for one, then fills the fields.
  await page.context().clearCookies();
  await signInThroughProvider(page, email, 'Welcome2026');
  await page.goto('/my-details');
  await page.getByRole('button', { name: 'Edit Banking' }).click();
  await expect(banking.getByLabel('Account number')).toHaveValue('');
  await expect(banking.getByText('Current account ends in 6819')).toBeVisible();
  await banking.getByRole('button', { name: 'Show current details' }).click();
  await tfa.getByRole('button', { name: 'Send code' }).click();
  await expect(tfa.getByLabel('Verification code')).toBeVisible();
  await tfa.getByLabel('Verification code').fill(await emailedCode(email));
  await tfa.getByRole('button', { name: 'Verify' }).click();
  await expect(tfa).toBeHidden();
  await expect(banking.getByLabel('Account number')).toHaveValue('31926819');
  await expect(banking.getByLabel('Sort code')).toHaveValue('60-16-13');
  await shot(page, 'my-details-banking-shown');
});
