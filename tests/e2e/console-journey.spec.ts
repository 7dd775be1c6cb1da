/**
 * The HR console end to end (docs/product.md#console) in Chromium at desktop (1280x800) and phone
 * (390x844) size: HR adds a venue in Set-up, invites a joiner to it, the joiner completes onboarding
 * from the emailed link in a browser of their own, HR sees them complete on the board and adds a
 * survey from a YAML file; the new member answers it and adds their van with its insurance
 * certificate; HR reads the answer in the question's chart and approves the certificate in the queue,
 * which the member then sees; then the Documents, Templates and Payroll screens are looked at.
 * (The insurance queue, a manager's scope and a staff member's not-allowed page have their own specs:
 * console-joiners-insurance.spec.ts, console.spec.ts.) With SCREENSHOTS=1 the console's Set-up and
 * Surveys screens and the results go to docs/screenshots.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import dayjs from 'dayjs';
import { lastMailTo, linkIn } from './admin.js';
import { typeDate } from './date-fields.js';
import {
  addVanWithCertificate,
  completeOnboarding,
  hrInConsole,
  openConsoleTab,
  phoneOf,
  PASSWORD,
  SIZES,
  unique,
} from './console-steps.js';
import { docScreenshot, expect, expectNoSideScroll, signInThroughProvider, test } from './fixtures.js';

/** A survey as HR writes it for `survey import`, named `name`. */
const surveyYaml = (name: string) =>
  [
    `name: ${name}`,
    'questions:',
    '  - { id: 1, question: How was your first week?, type: bars, required: true }',
    '  - { id: 2, question: Which shifts suit you?, type: radio, required: true, allowed_values: [{ key: am, label: Mornings }, { key: pm, label: Evenings }] }',
  ].join('\n');

for (const size of SIZES) {
  test(`HR adds a venue, a joiner onboards there, HR reads their survey answer in a chart and approves their insurance (${size.name})`, async ({
    page,
    browser,
  }) => {
    // Two people's whole journeys, a signature and an upload among them, on a shared two-core machine.
    test.setTimeout(240_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    const venue = `The Lantern, Whitby ${unique('', size.name)}`;
    const surname = unique('Shah', size.name);
    const name = `Priya ${surname}`;
    const email = `priya.${surname}@example.com`.toLowerCase();
    const surveyName = `First week ${unique('', size.name)}`;

    // Set-up: a new venue.
    await hrInConsole(page, 'Set-up');
    await expect(page.getByRole('heading', { level: 1, name: 'Set-up' })).toBeVisible();
    await page.getByRole('button', { name: 'Add venue' }).click();
    const addVenue = page.getByRole('dialog', { name: 'Add venue' });
    await addVenue.getByLabel('Name').fill(venue);
    await addVenue.getByRole('button', { name: 'Save' }).click();
    await expect(addVenue).toBeHidden();
    await expect(page.getByRole('region', { name: 'Venues' }).getByText(venue)).toBeVisible();
    await expectNoSideScroll(page, `Set-up (${size.name})`);
    await docScreenshot(page, `console-setup-${size.name}`);

    // Joiners: the new venue is offered at once.
    await openConsoleTab(page, 'Joiners');
    const form = page.getByRole('form', { name: 'Invite a joiner' });
    await form.getByLabel('First name').fill('Priya');
    await form.getByLabel('Last name').fill(surname);
    await form.getByLabel('Email').fill(email);
    await form.getByRole('combobox', { name: /Venue/ }).click();
    await page.getByRole('option', { name: venue }).click();
    await form.getByLabel('Position', { exact: false }).first().fill('Sous chef');
    // The positions offered as it is typed cover the next field on a phone: closed, as a person would.
    await page.keyboard.press('Escape');
    await typeDate(page, /Start date/, dayjs().add(7, 'day').format('DDMMYYYY'));
    await form.getByRole('button', { name: 'Send invitation' }).click();
    const invited = page.getByRole('dialog', { name: 'Invitation sent' });
    await expect(invited).toBeVisible();
    const link = linkIn(await lastMailTo(email));
    await invited.getByRole('button', { name: 'Done' }).click();

    // The joiner, on their phone, from the emailed link to the end of onboarding.
    const joiner = await phoneOf(browser);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'staffroom-e2e-'));
    await completeOnboarding(joiner, link, dir);

    // Away from the board and back (once the other screen is shown): it is asked for again.
    await openConsoleTab(page, 'Surveys');
    await expect(page.getByRole('heading', { level: 1, name: 'Surveys' })).toBeVisible();
    await openConsoleTab(page, 'Joiners');
    const card = page.getByRole('region', { name: 'Complete' }).getByRole('article', { name });
    await expect(card).toBeVisible();
    await expect(card.getByText(`${venue} · Sous chef`)).toBeVisible();

    // Surveys: HR adds one from a YAML file.
    await openConsoleTab(page, 'Surveys');
    await expect(page.getByRole('heading', { level: 1, name: 'Surveys' })).toBeVisible();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'New survey' }).click();
    await (
      await chooser
    ).setFiles({ name: 'first-week.yaml', mimeType: 'application/yaml', buffer: Buffer.from(surveyYaml(surveyName)) });
    const surveyLink = page.getByRole('link', { name: surveyName });
    await expect(surveyLink).toBeVisible();
    const surveyId = /\/admin\/surveys\/(\d+)/.exec((await surveyLink.getAttribute('href'))!)![1];
    await expectNoSideScroll(page, `Surveys (${size.name})`);
    await docScreenshot(page, `console-surveys-${size.name}`);

    // The new member answers it.
    await joiner.goto('/login');
    await signInThroughProvider(joiner, email, PASSWORD);
    await joiner.goto(`/survey/${surveyId}`);
    await expect(joiner.getByRole('heading', { name: surveyName })).toBeVisible();
    await joiner
      .getByRole('radiogroup', { name: 'How was your first week?' })
      .getByRole('radio', { name: '4 of 5 bars' })
      .click();
    await joiner.getByRole('radio', { name: 'Evenings' }).check();
    await joiner.getByRole('button', { name: 'Save' }).click();
    await expect(joiner.getByText('Survey saved successfully')).toBeVisible();
    // and adds their van with its insurance certificate.
    await addVanWithCertificate(joiner, dir);

    // HR reads it in the chart of the question (its numbers are the chart's table for screen readers).
    await page.reload();
    await surveyLink.click();
    await expect(page.getByRole('heading', { level: 1, name: surveyName })).toBeVisible();
    const week = page.getByRole('figure', { name: 'How was your first week?' });
    await expect(week.locator('svg').first()).toBeVisible();
    await expect(week.getByRole('row', { name: '4 1' })).toBeAttached();
    await expect(week.getByRole('row', { name: '5 0' })).toBeAttached();
    await expect(
      page.getByRole('figure', { name: 'Which shifts suit you?' }).getByRole('row', { name: 'Evenings 1' }),
    ).toBeAttached();
    await expectNoSideScroll(page, `survey results (${size.name})`);
    await docScreenshot(page, `console-survey-results-${size.name}`, { fullPage: true });

    // HR approves the new member's insurance in the queue; they see it approved.
    await openConsoleTab(page, 'Insurance');
    const pending = page.getByRole('region', { name: 'YK19ALE' }).filter({ hasText: name });
    await expect(pending.getByText('van-insurance.pdf')).toBeVisible();
    await pending.getByRole('button', { name: 'Approve' }).click();
    await typeDate(page, /Cover ends/, dayjs().add(1, 'year').format('DDMMYYYY'));
    await page
      .getByRole('dialog', { name: 'Approve insurance for YK19ALE?' })
      .getByRole('button', { name: 'Approve' })
      .click();
    await expect(page.getByText(`YK19ALE (${name}): insurance approved.`)).toBeVisible();
    await joiner.reload();
    await expect(joiner.getByText('Approved by Hana Reid (HR)')).toBeVisible();
    await joiner.context().close();
    await fs.rm(dir, { recursive: true, force: true });

    // The console's other screens, each looked at (tap targets and no sideways scroll on every one).
    await openConsoleTab(page, 'Documents');
    await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
    await expectNoSideScroll(page, `Documents (${size.name})`);
    await docScreenshot(page, `console-documents-${size.name}`);
    await page.getByRole('button', { name: 'Issue a document' }).click();
    const issue = page.getByRole('region', { name: 'Issue a document' });
    await expect(issue).toBeVisible();
    await docScreenshot(page, `console-issue-document-${size.name}`);
    await issue.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('link', { name: 'Templates' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Templates' })).toBeVisible();
    await expectNoSideScroll(page, `Templates (${size.name})`);
    await docScreenshot(page, `console-templates-${size.name}`);
    await openConsoleTab(page, 'Payroll');
    await expect(page.getByRole('heading', { level: 1, name: 'Payroll hand-off' })).toBeVisible();
    await expectNoSideScroll(page, `Payroll (${size.name})`);
    await docScreenshot(page, `console-payroll-${size.name}`);
  });
}
