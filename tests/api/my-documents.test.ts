/**
 * My Documents and HR's zips of signed documents (docs/product.md#my-documents,
 * docs/product.md#signed-documents-as-a-zip): a member lists, opens, signs and downloads their own
 * contracts and agreements and nobody else's; a leaver reaches none; the signed PDF's certificate tells
 * the document's history; HR, and a manager for their venues only, download a person's or a venue's
 * signed documents with their evidence as one zip, each download audited.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '@server/cli/run-command.js';
import { auditEvents, documents, staff, venues } from '@server/db/schema.js';
import { signaturePng, simplePdf } from '../support/fixtures.js';
import { pdfPages } from '../support/pdf-text.js';
import { Browser, signedInBrowser } from './helpers/browser.js';
import { admin, bytesOption, linkOf } from './helpers/joiners.js';
import { PORTAL } from './helpers/step-up.js';
import { createTestApp, DATABASES, type TestApp } from './helpers/test-app.js';

const run = promisify(execFile);
const api = (p: string) => `${PORTAL}/api${p}`;
const SAM = 'sam.taylor@example.com';
const MINE = '/staff/self-service/documents';
const NOT_FOUND = 'That document was not found.';
const AGREEMENT = `<!doctype html><html><head><title>Locker agreement</title></head>
<body><h1>Locker agreement</h1><p>{{full_name}} keeps locker 12 at {{venue}}.</p></body></html>`;

/** The names and contents of a zip, read by Info-ZIP's unzip as someone who downloaded it would. */
async function unzip(bytes: Buffer): Promise<{ names: string[]; read(name: string): Promise<Buffer> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'staffroom-zip-'));
  const file = path.join(dir, 'download.zip');
  await fs.writeFile(file, bytes);
  await run('unzip', ['-tq', file]);
  const { stdout } = await run('zipinfo', ['-1', file]);
  return {
    names: stdout.split('\n').filter(Boolean),
    read: async (name) =>
      (await run('unzip', ['-p', file, name.replace(/[[\]*?]/g, '\\$&')], { encoding: 'buffer', maxBuffer: 64e6 }))
        .stdout,
  };
}

describe.each(DATABASES)('My Documents and signed-document zips on %s', (kind) => {
  let t: TestApp & { dataDir: string; dropAll(): Promise<void> };
  const db = () => t.app.database.db;
  const command = (name: string, options: Record<string, unknown>) =>
    runCommand({ services: t.app.services, name, options });
  // One session per person for the whole file: sign-in is rate-limited per address.
  const sessions = new Map<string, Promise<Browser>>();
  const signedIn = (email: string) => {
    if (!sessions.has(email)) sessions.set(email, signedInBrowser(t.app, PORTAL, email));
    return sessions.get(email)!;
  };
  let agreementId: string;
  let contractId: string;
  /** A GET with `browser`'s cookies, answered as bytes (the test browser reads answers as text). */
  const bytesOf = async (browser: Browser, p: string) => {
    const cookie = [...browser.jar(PORTAL)].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await t.app.inject({ method: 'GET', url: `/api${p}`, headers: { cookie, host: new URL(PORTAL).host } });
    return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, json: () => res.json() };
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    expect((await command('role grant', { staff: 'morgan.hughes@example.com', role: 'hr' })).exitCode).toBe(0);
    expect(
      (await command('role grant', { staff: 'riley.evans@example.com', role: 'manager', venue: ['The Lantern, York'] }))
        .exitCode,
    ).toBe(0);
    const { token } = linkOf(
      await admin(t.app, 'agreement issue', { staff: SAM, template: bytesOption('locker.html', AGREEMENT) }),
      'agreement',
    );
    linkOf(
      await admin(t.app, 'contract issue', {
        staff: SAM,
        template: bytesOption('hours.pdf', await simplePdf('Hours of work')),
        title: 'Hours of work',
      }),
      'contract',
    );
    // The link was opened first from the email, on another phone.
    const fromEmail = new Browser({ [PORTAL]: t.app });
    expect((await fromEmail.get(api(`/staff/agreement/${token}`), { 'user-agent': 'Mail app' })).status).toBe(200);
    const rows = await db()
      .select()
      .from(documents)
      .innerJoin(staff, eq(staff.id, documents.staffId))
      .where(eq(staff.emailAddress, SAM));
    agreementId = rows.find((r) => r.documents.kind === 'agreement')!.documents.id;
    contractId = rows.find((r) => r.documents.kind === 'contract')!.documents.id;
  });
  afterAll(() => t.dropAll());

  it('lists the member’s own documents, newest first, waiting for their signature', async () => {
    const sam = await signedIn(SAM);
    const res = await sam.get(api(MINE));
    expect(res.status).toBe(200);
    const list = res.json().data;
    expect(list.map((d: { id: string }) => d.id)).toEqual([contractId, agreementId]);
    expect(list[1]).toMatchObject({ kind: 'agreement', title: 'Locker agreement', status: 'waiting', signed_at: null });
    // Someone else's list holds none of them.
    const morgan = await signedIn('morgan.hughes@example.com');
    const theirs = (await morgan.get(api(MINE))).json().data.map((d: { id: string }) => d.id);
    expect(theirs).not.toContain(agreementId);
  });

  it('answers another member asking for, signing or downloading Sam’s document exactly as an unknown one', async () => {
    const morgan = await signedIn('morgan.hughes@example.com');
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const id of [agreementId, unknown]) {
      for (const res of [
        await morgan.get(api(`${MINE}/${id}`)),
        await morgan.get(api(`${MINE}/${id}/pdf`)),
        await morgan.post(api(`${MINE}/${id}/sign`), { signature_data: await signaturePng() }),
      ]) {
        expect(res.status, res.body).toBe(404);
        expect(res.json().errors.message).toBe(NOT_FOUND);
      }
    }
    expect((await morgan.get(api(`${MINE}/not-an-id`))).status).toBe(400);
    // Signed out: the ended-session refusal, nothing read.
    expect((await new Browser({ [PORTAL]: t.app }).get(api(MINE))).status).toBe(403);
    const [row] = await db().select().from(documents).where(eq(documents.id, agreementId));
    expect(row!.signedAt).toBeNull();
  });

  it('signs a waiting agreement from My Documents; the signed PDF tells its whole history', async () => {
    const sam = await signedIn(SAM);
    const shown = await sam.get(api(`${MINE}/${agreementId}`));
    expect(shown.status).toBe(200);
    expect(shown.json().data).toMatchObject({ status: 'waiting', is_pdf: false });
    expect(shown.json().data.html).toContain('Sam Taylor keeps locker 12 at The Lantern, Leeds.');

    const signed = await sam.post(api(`${MINE}/${agreementId}/sign`), { signature_data: await signaturePng() });
    expect(signed.status, signed.body).toBe(200);
    expect(signed.json().data.status).toBe('signed');
    const again = await sam.post(api(`${MINE}/${agreementId}/sign`), { signature_data: await signaturePng() });
    expect(again.status).toBe(409);
    expect(again.json().errors.message).toBe('This agreement has already been signed.');

    const pdf = await bytesOf(sam, `${MINE}/${agreementId}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const [row] = await db().select().from(documents).where(eq(documents.id, agreementId));
    const text = (await pdfPages(pdf.bytes)).slice(1).join(' ');
    expect(text).toContain('History');
    expect(text).toContain('By HR, with the admin command line');
    expect(text).toContain(`Delivery ID ${row!.linkDeliveryId}`);
    // First opened from the email on the other phone, not from My Documents.
    expect(text).toMatch(/First opened: \d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d UK time \(\d{4}-\d\d-\d\dT[\d:.]+Z UTC\)/);
    expect(text).toContain('Browser Mail app');
    expect(text).toContain('Browser staffroom-api-test');
    expect(text).toContain(`SHA-256 of the HTML text shown (UTF-8): ${row!.documentSha256}`);
    expect(text).toContain(`Signed: `);

    const list = (await sam.get(api(MINE))).json().data;
    expect(list.find((d: { id: string }) => d.id === agreementId)).toMatchObject({ status: 'signed' });
  });

  it('refuses to sign one whose time ran out, and keeps the onboarding contract to onboarding', async () => {
    const sam = await signedIn(SAM);
    await db()
      .update(documents)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(documents.id, contractId));
    const res = await sam.post(api(`${MINE}/${contractId}/sign`), { signature_data: await signaturePng() });
    expect(res.status).toBe(409);
    expect(res.json().errors.message).toBe(
      'The time to sign this contract has run out. Ask your manager to send you a new one.',
    );
    expect((await sam.get(api(MINE))).json().data[0]).toMatchObject({ id: contractId, status: 'expired' });
    // Still readable: the PDF as issued.
    expect((await sam.get(api(`${MINE}/${contractId}/pdf`))).status).toBe(200);
  });

  it('gives a leaver none of it', async () => {
    const email = `leaver.${kind}@example.com`;
    const password = 'Leaving-2026';
    const made = await command('create-staff', {
      forename: 'Lee',
      surname: 'Ver',
      email,
      password,
      venue: 'The Lantern, Leeds',
      onboardComplete: true,
    });
    expect(made.exitCode, made.error).toBe(0);
    await admin(t.app, 'agreement issue', { staff: email, template: bytesOption('locker.html', AGREEMENT) });
    const [leaver] = await db().select({ id: staff.id }).from(staff).where(eq(staff.emailAddress, email));
    const phone = await signedInBrowser(t.app, PORTAL, email, password);
    const [doc] = await db().select({ id: documents.id }).from(documents).where(eq(documents.staffId, leaver!.id));
    expect((await phone.get(api(`${MINE}/${doc!.id}`))).status).toBe(200);
    expect((await command('staff leave', { staff: email, reason: 'resigned', now: true })).exitCode).toBe(0);
    for (const res of [await phone.get(api(MINE)), await phone.get(api(`${MINE}/${doc!.id}/pdf`))]) {
      expect(res.status).toBe(403);
    }
  });

  it('zips a person’s signed documents with their evidence for HR, streamed, and audits it', async () => {
    const hr = await signedIn('morgan.hughes@example.com');
    const [sam] = await db().select().from(staff).where(eq(staff.emailAddress, SAM));
    const res = await bytesOf(hr, `/admin/people/${sam!.id}/documents.zip`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('attachment; filename="Signed documents of Sam Taylor.zip"');
    const zip = await unzip(res.bytes);
    // The signed agreement and its evidence; the unsigned contract is not in it.
    expect(zip.names).toHaveLength(2);
    const pdfName = zip.names.find((n) => n.endsWith('(signed).pdf'))!;
    expect(pdfName).toMatch(/^Taylor Sam [0-9a-f]{8}\/Locker agreement \d{4}-\d\d-\d\d [0-9a-f]{8} \(signed\)\.pdf$/);
    const mine = await bytesOf(await signedIn(SAM), `${MINE}/${agreementId}/pdf`);
    expect((await zip.read(pdfName)).equals(mine.bytes)).toBe(true);
    const evidence = JSON.parse((await zip.read(zip.names.find((n) => n.endsWith('evidence.json'))!)).toString());
    expect(evidence).toMatchObject({ document_id: agreementId, title: 'Locker agreement', signer: { email: SAM } });
    expect(evidence.history.map((h: { event: string }) => h.event)).toEqual([
      'issued',
      'link_sent',
      'first_opened',
      'signed',
    ]);
    expect(evidence.history[2]).toMatchObject({ user_agent: 'Mail app' });

    const audited = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'documents.zip_downloaded'), eq(auditEvents.staffId, sam!.id)));
    expect(audited).toHaveLength(1);
    expect(audited[0]!.details).toEqual({ person_id: sam!.id, documents: 1 });
  });

  it('zips a venue’s documents signed in a period, and keeps managers and staff to what they may see', async () => {
    const hr = await signedIn('morgan.hughes@example.com');
    const [leeds] = await db().select({ id: venues.id }).from(venues).where(eq(venues.name, 'The Lantern, Leeds'));
    const [york] = await db().select({ id: venues.id }).from(venues).where(eq(venues.name, 'The Lantern, York'));
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
    const zipOf = (browser: Browser, query: string) => bytesOf(browser, `/admin/documents.zip?${query}`);

    const now = await zipOf(hr, `venue_id=${leeds!.id}&from=${today}&to=${today}`);
    expect(now.status).toBe(200);
    expect((await unzip(now.bytes)).names.filter((n) => n.endsWith('.pdf'))).toHaveLength(1);
    // A period with nothing signed: a zip saying so.
    const before = await zipOf(hr, `venue_id=${leeds!.id}&from=2020-01-01&to=2020-01-31`);
    expect((await unzip(before.bytes)).names).toEqual(['README.txt']);
    expect((await zipOf(hr, `venue_id=${leeds!.id}&from=${today}&to=2020-01-01`)).status).toBe(400);
    expect((await zipOf(hr, `venue_id=${leeds!.id}&from=today&to=${today}`)).status).toBe(400);

    // York's manager: their own venue, never Leeds or Sam, answered as unknown.
    const riley = await signedIn('riley.evans@example.com');
    expect((await zipOf(riley, `venue_id=${york!.id}&from=${today}&to=${today}`)).status).toBe(200);
    const leedsForRiley = await zipOf(riley, `venue_id=${leeds!.id}&from=${today}&to=${today}`);
    expect(leedsForRiley.status).toBe(404);
    expect(leedsForRiley.json().errors.message).toBe('That venue was not found.');
    const [sam] = await db().select().from(staff).where(eq(staff.emailAddress, SAM));
    const samForRiley = await bytesOf(riley, `/admin/people/${sam!.id}/documents.zip`);
    expect(samForRiley.status).toBe(404);
    expect(samForRiley.json().errors.message).toBe('That person was not found.');
    // Staff without a console role.
    expect((await zipOf(await signedIn(SAM), `venue_id=${leeds!.id}&from=${today}&to=${today}`)).status).toBe(403);

    const audited = await db().select().from(auditEvents).where(eq(auditEvents.action, 'documents.zip_downloaded'));
    // Every download that was answered with a zip, and none of the refused ones.
    expect(audited.filter((a) => (a.details as { venue_id?: string }).venue_id)).toHaveLength(3);
  });
});
