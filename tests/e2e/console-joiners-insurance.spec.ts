/**
 * The HR console's Joiners and Insurance queue (docs/product.md#joiners, #insurance-queue) in Chromium
 * at desktop (1280x800) and phone (390x844) size. HR, made with the CLI, invites a joiner from the
 * console; the joiner completes onboarding from the emailed link (read from the outbox) in a browser
 * of their own; HR sees them complete on the board. A member adds a vehicle with an insurance PDF,
 * HR approves it in the queue with the last day of cover, which the person's page then shows, and the
 * member sees it approved. Every screen's tap targets are
 * checked; with SCREENSHOTS=1 the board, the invitation and the queue go to docs/screenshots.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import dayjs from 'dayjs';
import { lastMailTo, linkIn } from './admin.js';
import { expectDate, typeDate } from './date-fields.js';
import {
  addVanWithCertificate,
  completeOnboarding,
  createStaff,
  hrInConsole,
  openConsoleTab,
  phoneOf,
  PASSWORD,
  SIZES,
  unique,
} from './console-steps.js';
import { docScreenshot, expect, expectNoSideScroll, signInThroughProvider, test } from './fixtures.js';

for (const size of SIZES) {
  test(`HR invites a joiner from the console and sees them complete on the board (${size.name})`, async ({
    page,
    browser,
  }) => {
    // Two people's whole journeys, a signature and an upload among them, on a shared two-core machine.
    test.setTimeout(180_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    const surname = unique('Ali', size.name);
    const name = `Noor ${surname}`;
    const email = `noor.${surname}@example.com`.toLowerCase();
    const start = dayjs().add(14, 'day');
    await hrInConsole(page, 'Joiners');
    await expect(page.getByRole('heading', { level: 1, name: 'Joiners' })).toBeVisible();

    const form = page.getByRole('form', { name: 'Invite a joiner' });
    await form.getByLabel('First name').fill('Noor');
    await form.getByLabel('Last name').fill(surname);
    await form.getByLabel('Email').fill(email);
    await form.getByRole('combobox', { name: /Venue/ }).click();
    await page.getByRole('option', { name: 'The Lantern, Leeds' }).click();
    await form.getByLabel('Position').fill('Chef de partie');
    // The positions offered as it is typed cover the next field on a phone: closed, as a person would.
    await page.keyboard.press('Escape');
    await typeDate(page, /Start date/, start.format('DDMMYYYY'));
    await form.getByRole('button', { name: 'Send invitation' }).click();

    // The link in the dialog is the one emailed.
    const dialog = page.getByRole('dialog', { name: 'Invitation sent' });
    await expect(dialog.getByText(`We have emailed ${name} at ${email} a link`)).toBeVisible();
    const link = linkIn(await lastMailTo(email));
    await expect(dialog.getByRole('textbox', { name: 'Onboarding link' })).toHaveValue(link);
    await docScreenshot(page, `console-invitation-${size.name}`);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    const details = page.getByRole('region', { name: 'Filling in details' });
    const card = details.getByRole('article', { name });
    await expect(card).toBeVisible();
    await expect(card.getByText('The Lantern, Leeds · Chef de partie')).toBeVisible();
    await expect(card.getByText(`Starts ${start.format('DD/MM/YYYY')}`)).toBeVisible();
    await expect(card.getByText('Waiting since today')).toBeVisible();
    await expectNoSideScroll(page, `Joiners (${size.name})`);
    await docScreenshot(page, `console-joiners-${size.name}`, { fullPage: true });

    // The joiner, in a browser of their own, from the emailed link to the end of onboarding.
    const joiner = await phoneOf(browser);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'staffroom-e2e-'));
    await completeOnboarding(joiner, link, dir);
    await joiner.context().close();
    await fs.rm(dir, { recursive: true, force: true });

    // Back to the board through the tabs: it is asked for again and shows them complete.
    await openConsoleTab(page, 'Insurance');
    await expect(page.getByRole('heading', { level: 1, name: 'Insurance queue' })).toBeVisible();
    await openConsoleTab(page, 'Joiners');
    const complete = page.getByRole('region', { name: 'Complete' }).getByRole('article', { name });
    await expect(complete).toBeVisible();
    await expect(complete.getByText('Finished today')).toBeVisible();
    await expect(complete.getByRole('button')).toHaveCount(0);
    await expect(details.getByRole('article', { name })).toHaveCount(0);
  });

  test(`HR approves a member's insurance document in the queue (${size.name})`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    const surname = unique('Grant', size.name);
    const memberName = `Vic ${surname}`;

    // The member adds a van with its insurance certificate, on their phone.
    const member = await phoneOf(browser);
    const memberEmail = await createStaff('Vic', surname, 'The Lantern, Leeds', ['--position', 'Driver']);
    await signInThroughProvider(member, memberEmail, PASSWORD);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'staffroom-e2e-'));
    await addVanWithCertificate(member, dir);

    await hrInConsole(page, 'Insurance');
    await expect(page.getByRole('heading', { level: 1, name: 'Insurance queue' })).toBeVisible();
    const item = page.getByRole('region', { name: 'YK19ALE' }).filter({ hasText: memberName });
    await expect(item.getByRole('link', { name: memberName })).toBeVisible();
    await expect(item.getByText('VAUXHALL CORSA')).toBeVisible();
    await expect(item.getByText('van-insurance.pdf')).toBeVisible();
    if (size.name === 'desktop') {
      // The document beside the vehicle, drawn by pdf.js from the signed address.
      await expect(item.locator('canvas').first()).toBeVisible();
      await item.scrollIntoViewIfNeeded();
    } else {
      await item.getByRole('button', { name: 'View document' }).click();
      const viewer = page.getByRole('dialog', { name: 'Insurance document' });
      await expect(viewer.locator('canvas').first()).toBeVisible();
      await expectNoSideScroll(page, `the document full screen (${size.name})`);
      await docScreenshot(page, `console-insurance-document-${size.name}`);
      await viewer.getByRole('button', { name: 'Close' }).click();
      await expect(viewer).toBeHidden();
    }
    await expectNoSideScroll(page, `Insurance queue (${size.name})`);
    await docScreenshot(page, `console-insurance-${size.name}`);

    const personPage = await item.getByRole('link', { name: memberName }).getAttribute('href');
    // Approve asks for the last day of cover on the certificate, which the member's reminders count from.
    await item.getByRole('button', { name: 'Approve' }).click();
    const approve = page.getByRole('dialog', { name: 'Approve insurance for YK19ALE?' });
    await expect(approve.getByText(`${memberName} is reminded to send the new certificate`)).toBeVisible();
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expect(approve.getByText('Enter the date the cover ends')).toBeVisible();
    const coverEnds = dayjs().add(1, 'year');
    await typeDate(page, /Cover ends/, coverEnds.format('DDMMYYYY'));
    await expectDate(page, /Cover ends/, coverEnds.format('DD/MM/YYYY'));
    await expectNoSideScroll(page, `the approve dialog (${size.name})`);
    await docScreenshot(page, `console-insurance-approve-${size.name}`);
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText(`YK19ALE (${memberName}): insurance approved.`)).toBeVisible();
    await expect(item).toHaveCount(0);

    // The person's page gives the last day of cover with the vehicle.
    await page.goto(personPage!);
    await expect(
      page.getByText(`Insurance approved, cover ends ${coverEnds.format('DD/MM/YYYY')}`, { exact: false }),
    ).toBeVisible();

    // The member sees it approved, by HR.
    await member.reload();
    await expect(member.getByText('Approved', { exact: true })).toBeVisible();
    await expect(member.getByText('Approved by Hana Reid (HR)')).toBeVisible();
    await member.context().close();
    await fs.rm(dir, { recursive: true, force: true });
  });
}
