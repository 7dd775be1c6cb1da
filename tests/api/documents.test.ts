/**
 * Contracts and agreements signed from their own links (docs/product.md#documents): issued by HR from HTML or PDF,
 * shown sanitised, signed once with evidence, and the signed PDF carrying its certificate page.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, documents, files, staff } from '@server/db/schema.js';
import { readOutbox } from '@server/lib/mailer.js';
import { blankSignaturePng, signaturePng, simplePdf } from '../support/fixtures.js';
import { pdfPages } from '../support/pdf-text.js';
import { Browser } from './helpers/browser.js';
import { admin, adminFails, bytesOption, fileOption, linkOf } from './helpers/joiners.js';
import { createTestApp, DATABASES, type TestApp } from './helpers/test-app.js';

const ORIGIN = 'http://localhost:3000';
const SAM = 'sam.taylor@example.com';

const HOSTILE_TEMPLATE = `<!doctype html><html><head><title>Uniform agreement</title>
<script>alert('head')</script><link rel="stylesheet" href="https://evil.example/x.css"></head>
<body><h1 onclick="steal()">Uniform agreement</h1>
<p style="background:url(https://evil.example/track.png)">Hello {{forename}} at {{venue}}.</p>
<img src="https://evil.example/pixel.gif"><iframe src="https://evil.example"></iframe>
<a href="javascript:alert(1)">click</a> <a href="https://example.com/handbook">Staff handbook</a>
<form action="https://evil.example"><input name="x"></form><svg onload="alert(1)"></svg>
<p>Returned on leaving: <strong>all uniform items</strong>.</p></body></html>`;

describe.each(DATABASES)('contracts and agreements on %s', (kind) => {
  let t: TestApp & { dataDir: string; dropAll(): Promise<void> };
  let browser: Browser;
  const api = (p: string) => `${ORIGIN}/api${p}`;
  const pdfOf = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    return res.rawPayload;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    browser = new Browser({ [ORIGIN]: t.app });
  });
  afterAll(() => t.dropAll());

  it('issues an agreement from an HTML template: merged, sanitised, emailed, signed once', async () => {
    const lines = await admin(t.app, 'agreement issue', {
      staff: SAM,
      template: bytesOption('uniform.html', HOSTILE_TEMPLATE),
    });
    const { link, token } = linkOf(lines, 'agreement');
    const mail = (await readOutbox(t.dataDir)).filter((m) => m.to === SAM).at(-1)!;
    expect(mail.subject).toBe('Please read and sign your agreement: Uniform agreement');
    expect(mail.text).toContain(link);

    const res = await browser.get(api(`/staff/agreement/${token}?include=rendered`));
    expect(res.status).toBe(200);
    const agreement = res.json().data;
    expect(agreement).toMatchObject({
      title: 'Uniform agreement',
      pdf: null,
      status: { complete: false },
      date_signed: false,
    });
    const html: string = agreement.template;
    expect(html).toContain('Hello Sam at The Lantern, Leeds.');
    expect(html).toContain(
      '<a href="https://example.com/handbook" rel="noopener noreferrer" target="_blank">Staff handbook</a>',
    );
    for (const bad of [
      '<script',
      'onclick',
      'onload',
      'style=',
      'evil.example',
      '<img',
      '<iframe',
      '<form',
      '<input',
      'javascript:',
      '<svg',
      "alert('head')",
    ]) {
      expect(html, bad).not.toContain(bad);
    }
    // Without include=rendered the HTML is left out.
    expect((await browser.get(api(`/staff/agreement/${token}`))).json().data.template).toBeNull();

    expect(
      (await browser.post(api(`/staff/agreement/${token}`), { signature_data: await blankSignaturePng() })).status,
    ).toBe(400);
    const signature = await signaturePng();
    const signing = new Date();
    const signed = await browser.post(api(`/staff/agreement/${token}`), { signature_data: signature });
    expect(signed.status).toBe(200);
    expect(signed.json().data.status.complete).toBe(true);
    // Dated when it was signed: not before the request (to the second the wire carries), not later than its answer.
    const dateSigned = new Date(signed.json().data.date_signed).getTime();
    expect(dateSigned).toBeGreaterThanOrEqual(Math.floor(signing.getTime() / 1000) * 1000);
    expect(dateSigned).toBeLessThanOrEqual(Date.now());

    const [before] = await t.app.database.db
      .select()
      .from(documents)
      .where(eq(documents.id, (await rowIdFor(token))!));
    const twice = await browser.post(api(`/staff/agreement/${token}`), { signature_data: await signaturePng() });
    expect(twice.status).toBe(409);
    expect(twice.json().errors.message).toBe('This agreement has already been signed.');
    const [after] = await t.app.database.db.select().from(documents).where(eq(documents.id, before!.id));
    expect(after).toEqual(before);

    const pages = await pdfPages(await pdfOf(`/api/staff/agreement/${token}/pdf`));
    expect(pages[0]).toContain('Hello Sam at The Lantern, Leeds.');
    const certificate = pages.at(-1)!;
    expect(certificate).toContain('Signature certificate');
    expect(certificate).toContain('Sam Taylor');
    expect(certificate).toContain('staffroom-api-test');
    expect(certificate).toContain(createHash('sha256').update(html).digest('hex'));
  });

  async function rowIdFor(token: string) {
    const [row] = await t.app.database.db
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.tokenHash, createHash('sha256').update(token).digest('hex')));
    return row?.id;
  }

  it('issues a contract from a PDF: shown as a file, the signed PDF keeps its pages and adds the certificate', async () => {
    const original = await simplePdf('Zero-hours contract', 2);
    const { token } = linkOf(
      await admin(t.app, 'contract issue', {
        staff: SAM,
        template: bytesOption('zero-hours.pdf', original),
        title: 'Zero-hours contract',
      }),
      'contract',
    );
    const contract = (await browser.get(api(`/staff/employment/contract/${token}?include=rendered`))).json().data;
    expect(contract).toMatchObject({
      title: 'Zero-hours contract',
      rendered: null,
      status: { complete: false },
      date_accepted: null,
    });
    expect(contract.file.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Buffer.compare(await pdfOf(`/api/staff/employment/contract/${token}/pdf`), Buffer.from(original))).toBe(0);

    const signed = await browser.post(api(`/staff/employment/contract/${token}/sign`), {
      signature_data: await signaturePng(),
    });
    expect(signed.status).toBe(200);
    expect(signed.json().data.status.complete).toBe(true);
    expect(signed.json().data.date_accepted).toBeTruthy();
    expect(
      (await browser.post(api(`/staff/employment/contract/${token}/sign`), { signature_data: await signaturePng() }))
        .status,
    ).toBe(409);

    const pages = await pdfPages(await pdfOf(`/api/staff/employment/contract/${token}/pdf`));
    expect(pages).toHaveLength(3);
    expect(pages[1]).toContain('Zero-hours contract (page 2)');
    expect(pages[1]).toContain('Signed electronically by Sam Taylor');
    expect(pages[2]).toContain(createHash('sha256').update(original).digest('hex'));
    expect(pages[2]).toContain('the PDF file shown');
  });

  it('issues the repository’s contract template with the person’s details', async () => {
    const lines = await admin(t.app, 'contract issue', {
      staff: SAM,
      template: await fileOption(path.resolve('templates/contract-of-employment.html')),
    });
    const { token } = linkOf(lines, 'contract');
    const contract = (await browser.get(api(`/staff/employment/contract/${token}?include=rendered`))).json().data;
    expect(contract.title).toBe('Contract of employment');
    expect(contract.rendered).toContain('Bar Supervisor');
    expect(contract.rendered).toContain('04/05/2021');
    const pages = await pdfPages(await pdfOf(`/api/staff/employment/contract/${token}/pdf`));
    expect(pages.join(' ')).toContain('Bar Supervisor');
  });

  it('names a document without a title by its first heading, or else by its kind and date, never its file name', async () => {
    const headed = await admin(t.app, 'agreement issue', {
      staff: SAM,
      template: bytesOption('agreement-v2-final.html', '<p>Please read.</p><h2>Uniform and lockers</h2>'),
    });
    expect(headed[0]).toContain('"Uniform and lockers"');
    const today = new Date().toLocaleDateString('en-GB', {
      timeZone: 'Europe/London',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
    const bare = await admin(t.app, 'contract issue', {
      staff: SAM,
      template: bytesOption('contract.pdf', await simplePdf('Terms')),
    });
    const { token } = linkOf(bare, 'contract');
    expect((await browser.get(api(`/staff/employment/contract/${token}?include=rendered`))).json().data.title).toBe(
      `Contract of ${today}`,
    );
  });

  it('keeps contract and agreement links apart, and refuses unknown and expired ones', async () => {
    const { token } = linkOf(
      await admin(t.app, 'agreement issue', { staff: SAM, template: bytesOption('a.html', '<p>Locker policy</p>') }),
      'agreement',
    );
    expect((await browser.get(api(`/staff/employment/contract/${token}`))).status).toBe(404);
    expect((await browser.get(api(`/staff/agreement/${'A'.repeat(43)}`))).status).toBe(404);
    await t.app.database.db
      .update(documents)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(documents.tokenHash, createHash('sha256').update(token).digest('hex')));
    const expired = await browser.get(api(`/staff/agreement/${token}`));
    expect(expired.status).toBe(404);
    expect(expired.json().errors.message).toBe(
      'This link has expired or is not valid. Ask your manager to send you a new one.',
    );
    expect(
      (await browser.post(api(`/staff/agreement/${token}`), { signature_data: await signaturePng() })).status,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/staff/agreement/${token}/pdf` })).statusCode).toBe(404);
  });

  it('accepts one of several signatures sent at once and keeps no files for the others', async () => {
    const { token } = linkOf(
      await admin(t.app, 'agreement issue', { staff: SAM, template: bytesOption('race.html', '<p>Race policy</p>') }),
      'agreement',
    );
    const signature = await signaturePng();
    const [sam] = await t.app.database.db.select({ id: staff.id }).from(staff).where(eq(staff.emailAddress, SAM));
    const before = await t.app.database.db.select({ id: files.id }).from(files).where(eq(files.ownerStaffId, sam!.id));
    const codes = (
      await Promise.all(
        [0, 1, 2].map(() => browser.post(api(`/staff/agreement/${token}`), { signature_data: signature })),
      )
    ).map((r) => r.status);
    expect(codes.sort()).toEqual([200, 409, 409]);
    const after = await t.app.database.db
      .select({ id: files.id, bucket: files.bucket })
      .from(files)
      .where(eq(files.ownerStaffId, sam!.id));
    // One signature image and one signed PDF more, nothing else.
    expect(after.length - before.length).toBe(2);
    const id = await rowIdFor(token);
    const signedEvents = await t.app.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'agreement.signed'));
    expect(signedEvents.filter((e) => (e.details as { document_id?: string }).document_id === id)).toHaveLength(1);
  });

  it('refuses bad issue commands with clear messages', async () => {
    expect(
      (
        await adminFails(t.app, 'contract issue', {
          staff: 'nobody@example.com',
          template: bytesOption('c.html', '<p>x</p>'),
        })
      ).error,
    ).toBe('No staff member has the email address nobody@example.com.');
    expect(
      (
        await adminFails(t.app, 'agreement issue', {
          staff: SAM,
          template: bytesOption('c.html', '<script>only()</script>'),
        })
      ).error,
    ).toBe('The template has no text to show.');
    const missing = await adminFails(t.app, 'agreement issue', { staff: SAM });
    expect(missing.exitCode).toBe(2);
    expect(missing.error).toContain('--template is required');
  });
});
