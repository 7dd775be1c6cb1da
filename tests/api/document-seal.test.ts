/**
 * Signed documents that stand up anywhere (docs/architecture.md#signature-evidence-and-signed-pdfs): every
 * name prints exactly in the signed PDF and on its certificate page, and the PDF carries a PAdES
 * signature over the whole file that readers' tools check: poppler's `pdfsig` (valid, then invalid once
 * one byte of page content changes), `qpdf --check`, `openssl cms` (signing-certificate-v2, no
 * signing-time) and `openssl ts -verify` for the trusted time of a real RFC 3161 authority (OpenSSL's
 * `ts -reply` behind a loopback handler). With the authority silent, signing completes without a
 * time and the evidence says why; a configured PKCS#12 file signs instead of the generated certificate.
 */
import { execFile, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as asn1js from 'asn1js';
import { eq } from 'drizzle-orm';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFArray, PDFDocument, PDFName, PDFRef } from '@cantoo/pdf-lib';
import { auditEvents, documents, signingCertificates, staff } from '@server/db/schema.js';
import { getBrand } from '@shared/brands.js';
import { dataUrl, signaturePng, simplePdf } from '../support/fixtures.js';
import { Browser, signedInBrowser } from './helpers/browser.js';
import { admin, bytesOption, linkOf } from './helpers/joiners.js';
import { createTestApp, DATABASES, type TestApp } from './helpers/test-app.js';
import { startSilentTsa, startTestTsa, type TestTsa } from './helpers/test-tsa.js';

const run = promisify(execFile);
const ORIGIN = 'http://localhost:3000';
const SAM = 'sam.taylor@example.com';
const NAMES = [
  'Łukasz Wiśniewski-Șerban',
  'Jiří Dvořák',
  "Zoë O'Brien-Müller",
  'Ödön Kovács',
  'Çağla Yılmaz',
  'Αλέξανδρος Παπαδόπουλος',
  'Олена Коваленко',
  'Nguyễn Thị Hồng',
];
const TOOLS = ['pdftotext', 'pdfinfo', 'pdfsig', 'qpdf', 'openssl'];
const missingTools = TOOLS.filter((tool) => spawnSync('which', [tool]).status !== 0);
// Without poppler-utils and qpdf (apt-get install poppler-utils qpdf) the suite is skipped, except in CI.
const suite = missingTools.length === 0 || process.env.CI ? describe : describe.skip;

const TEMPLATE = `<h1>Bar staff agreement</h1><p>This agreement is made with {{full_name}}.</p>`;

type App = TestApp & { dataDir: string; dropAll(): Promise<void> };

/** A PDF sealed by the generated certificate of the first suite, for the others to check. */
let sealedElsewhere: Buffer | undefined;

/** What `/verify` answers for `pdf` on `t`. */
async function verify(browser: Browser, pdf: Uint8Array) {
  await browser.get(`${ORIGIN}/api/health`);
  const res = await browser.post(`${ORIGIN}/api/verify`, { file_data: dataUrl('application/pdf', pdf) });
  expect(res.status, res.body).toBe(200);
  return res.json().data as { verdict: string; message: string; trusted_time: string };
}

/** DD/MM/YYYY at HH:mm in UK time, as the verdicts write it. */
const ukWhen = (time: Date) => {
  const [date, hm] = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(time)
    .split(', ');
  return `${date} at ${hm}`;
};

/** poppler finds the PDF at `file` sealed (PAdES) and valid over the whole file; qpdf finds it sound. */
async function expectSealedWhole(file: string) {
  const sig = (await run('pdfsig', [file])).stdout;
  expect(sig).toContain('Signature Type: ETSI.CAdES.detached');
  expect(sig).toContain('Total document signed');
  expect(sig).toContain('Signature Validation: Signature is Valid.');
  await expect(run('qpdf', ['--check', file])).resolves.toMatchObject({
    stdout: expect.stringContaining('No syntax or stream encoding errors'),
  });
}

/** Gives the demo's Sam `name`: the first word as forename, the rest as surname, no preferred name. */
async function nameSam(t: App, name: string) {
  const [forename, ...rest] = name.split(' ');
  await t.app.database.db
    .update(staff)
    .set({ forename: forename!, surname: rest.join(' '), knownAs: null })
    .where(eq(staff.emailAddress, SAM));
}

/** Gives the demo's Sam `name`, issues an agreement, signs it and answers the signed PDF's bytes and row id. */
async function signAs(t: App, browser: Browser, name: string): Promise<{ pdf: Buffer; id: string }> {
  await nameSam(t, name);
  const { token } = linkOf(
    await admin(t.app, 'agreement issue', { staff: SAM, template: bytesOption('agreement.html', TEMPLATE) }),
    'agreement',
  );
  // Opened first, as the page does (which also hands the browser its XSRF cookie).
  expect((await browser.get(`${ORIGIN}/api/staff/agreement/${token}?include=rendered`)).status).toBe(200);
  const signed = await browser.post(`${ORIGIN}/api/staff/agreement/${token}`, { signature_data: await signaturePng() });
  expect(signed.status, signed.body).toBe(200);
  const res = await t.app.inject({ method: 'GET', url: `/api/staff/agreement/${token}/pdf` });
  expect(res.statusCode).toBe(200);
  const [row] = await t.app.database.db
    .select({ id: documents.id })
    .from(documents)
    .where(eq(documents.tokenHash, createHash('sha256').update(token).digest('hex')));
  return { pdf: res.rawPayload, id: row!.id };
}

/** The seal's CMS (DER, without the zero padding of its room) and its parsed SignedData. */
function sealOf(pdf: Buffer): { der: Buffer; signed: pkijs.SignedData; byteRange: number[] } {
  const text = pdf.toString('latin1');
  const match = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text);
  expect(match).not.toBeNull();
  const byteRange = match!.slice(1).map(Number);
  const hex = text.slice(byteRange[1]! + 1, byteRange[2]! - 1);
  const padded = Buffer.from(hex, 'hex');
  const parsed = asn1js.fromBER(new Uint8Array(padded));
  expect(parsed.offset).toBeGreaterThan(0);
  const der = padded.subarray(0, parsed.offset);
  const info = new pkijs.ContentInfo({ schema: parsed.result });
  return { der, signed: new pkijs.SignedData({ schema: info.content }), byteRange };
}

/** The PDF with one byte of the first page's content stream changed. */
async function withPageContentChanged(pdf: Buffer): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf);
  const contents = doc.getPage(0).node.get(PDFName.of('Contents'));
  const ref = contents instanceof PDFArray ? contents.get(0) : contents;
  expect(ref).toBeInstanceOf(PDFRef);
  const text = pdf.toString('latin1');
  const objectAt = text.indexOf(`\n${(ref as PDFRef).objectNumber} 0 obj`);
  expect(objectAt).toBeGreaterThan(0);
  const streamAt = text.indexOf('stream\n', objectAt) + 'stream\n'.length;
  const changed = Buffer.from(pdf);
  changed[streamAt + 4] = changed[streamAt + 4]! ^ 0x01;
  return changed;
}

suite.each(DATABASES)('sealed signed documents on %s', (kind) => {
  let t: App;
  let browser: Browser;
  let tsa: TestTsa;
  let dir: string;

  beforeAll(async () => {
    tsa = await startTestTsa();
    t = await createTestApp(kind, { env: { TSA_URL: tsa.url } });
    browser = new Browser({ [ORIGIN]: t.app });
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'staffroom-seal-'));
  });
  afterAll(async () => {
    await t?.dropAll();
    await tsa?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it.each(NAMES)('%s: printed exactly, sealed over the whole file, with a trusted time', async (name) => {
    const { pdf, id } = await signAs(t, browser, name);
    sealedElsewhere = pdf;
    const file = path.join(dir, `${id}.pdf`);
    await fs.writeFile(file, pdf);

    // Every name comes back exactly from the document's page and from its certificate page.
    const pages = Number(/Pages:\s+(\d+)/.exec((await run('pdfinfo', [file])).stdout)![1]);
    expect(pages).toBeGreaterThanOrEqual(2);
    const all = (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout;
    expect(all).toContain(`This agreement is made with ${name}.`);
    const certificate = (await run('pdftotext', ['-enc', 'UTF-8', '-f', `${pages}`, '-l', `${pages}`, file, '-']))
      .stdout;
    expect(certificate).toContain('Signature certificate');
    expect(certificate.split('\n')).toContain(name);
    expect(all).not.toContain('\uFFFD');

    // poppler checks the signature and that it covers the whole file; qpdf finds the file sound.
    await expectSealedWhole(file);

    // The CMS: signing-certificate-v2, no signing-time, and the authority's token.
    const seal = sealOf(pdf);
    const cmsFile = path.join(dir, `${id}.cms.der`);
    await fs.writeFile(cmsFile, seal.der);
    const printed = (
      await run('openssl', ['cms', '-cmsout', '-print', '-inform', 'DER', '-in', cmsFile], { maxBuffer: 1 << 24 })
    ).stdout;
    // The seal's own signed attributes come before its unsigned ones (the authority's token, whose
    // own signed attributes are the authority's business).
    const ownSigned = printed.slice(printed.indexOf('signedAttrs:'), printed.indexOf('unsignedAttrs:'));
    expect(ownSigned).toMatch(/signingCertificateV2/);
    expect(ownSigned).not.toMatch(/signingTime/);
    expect(printed.slice(printed.indexOf('unsignedAttrs:'))).toMatch(/timeStampToken/);

    // The token verifies against the test authority, over the SHA-256 of the signature value.
    const signer = seal.signed.signerInfos[0]!;
    const tokenAttr = signer.unsignedAttrs?.attributes.find((a) => a.type === '1.2.840.113549.1.9.16.2.14');
    expect(tokenAttr).toBeDefined();
    const tokenFile = path.join(dir, `${id}.tst.der`);
    await fs.writeFile(tokenFile, Buffer.from(tokenAttr!.values[0]!.toBER()));
    const imprint = createHash('sha256').update(signer.signature.valueBlock.valueHexView).digest('hex');
    const verified = await run('openssl', [
      'ts',
      '-verify',
      '-digest',
      imprint,
      '-in',
      tokenFile,
      '-token_in',
      '-CAfile',
      tsa.caFile,
      '-untrusted',
      tsa.certFile,
    ]);
    expect(verified.stdout).toContain('Verification: OK');
    const [row] = await t.app.database.db.select().from(documents).where(eq(documents.id, id));
    expect(row!.sealTimestampAuthority).toBe(tsa.url);
    expect(row!.sealTimestampAt).toBeInstanceOf(Date);

    // One byte of page content changed: the signature no longer holds.
    const changedFile = path.join(dir, `${id}.changed.pdf`);
    await fs.writeFile(changedFile, await withPageContentChanged(pdf));
    const changed = await run('pdfsig', [changedFile]).catch((err: { stdout: string }) => err);
    expect(changed.stdout).not.toContain('Signature is Valid.');
    expect(changed.stdout).toMatch(/Digest Mismatch|Signature is Invalid/);
  });

  it('/verify tells an intact document from a changed one and from one never signed', async () => {
    const name = NAMES.at(-1)!;
    const { pdf, id } = await signAs(t, browser, name);
    const [row] = await t.app.database.db.select().from(documents).where(eq(documents.id, id));
    const group = getBrand(t.config.brand).name;
    const intact = await verify(browser, pdf);
    expect(intact).toEqual({
      verdict: 'intact',
      message: `Signed by ${group} with Staffroom on ${ukWhen(row!.signedAt!)} by ${name}, and unchanged since.`,
      trusted_time: `A trusted time from Staffroom test time-stamping authority confirms the signing time: ${ukWhen(row!.sealTimestampAt!)}.`,
    });
    const changed = await verify(browser, await withPageContentChanged(pdf));
    expect(changed.verdict).toBe('changed');
    expect(changed.message).toBe(
      `Signed by ${group} with Staffroom, but changed after it was signed: this is not the document that was signed.`,
    );
    // Something appended after the seal (an incremental update) is a change too.
    const appended = Buffer.concat([pdf, Buffer.from('\n% appended\n')]);
    expect((await verify(browser, appended)).verdict).toBe('changed');
    expect(await verify(browser, await simplePdf('Never signed'))).toEqual({
      verdict: 'not-signed-here',
      message: 'Not signed by this Staffroom.',
      trusted_time: 'No trusted time confirms a signing time.',
    });
    await browser.get(`${ORIGIN}/api/health`);
    const notPdf = await browser.post(`${ORIGIN}/api/verify`, {
      file_data: dataUrl('application/pdf', Buffer.from('hello')),
    });
    expect(notPdf.status).toBe(400);
    expect(notPdf.json().errors.message).toBe('That is not a PDF file.');
  });

  it('lets HR download the group authority, which the sealing certificate chains to', async () => {
    await admin(t.app, 'role grant', { staff: 'morgan.hughes@example.com', role: 'hr' });
    await admin(t.app, 'role grant', {
      staff: 'riley.evans@example.com',
      role: 'manager',
      venue: ['The Lantern, Leeds'],
    });
    const manager = await signedInBrowser(t.app, ORIGIN, 'riley.evans@example.com');
    const refused = await manager.get(`${ORIGIN}/api/admin/signing-authority`);
    expect(refused.status).toBe(403);
    expect(refused.json().errors.message).toBe('Only HR can do that.');
    const hr = await signedInBrowser(t.app, ORIGIN, 'morgan.hughes@example.com');
    const res = await hr.get(`${ORIGIN}/api/admin/signing-authority`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-pem-file');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[a-z0-9-]+-signing-authority\.pem"$/);
    const caFile = path.join(dir, 'authority.pem');
    await fs.writeFile(caFile, res.body);
    const signer = sealOf(sealedElsewhere!).signed.certificates![0] as pkijs.Certificate;
    const signerFile = path.join(dir, 'signer.pem');
    await fs.writeFile(
      signerFile,
      `-----BEGIN CERTIFICATE-----\n${Buffer.from(signer.toSchema().toBER())
        .toString('base64')
        .replace(/.{64}/g, '$&\n')}\n-----END CERTIFICATE-----\n`,
    );
    expect((await run('openssl', ['verify', '-CAfile', caFile, signerFile])).stdout).toContain(': OK');
  });

  it('seals with one generated certificate, its key sealed at rest', async () => {
    const rows = await t.app.database.db.select().from(signingCertificates);
    expect(rows.map((r) => r.source)).toEqual(['generated']);
    // The key is sealed at rest: no PKCS#8 in the clear.
    expect(rows[0]!.privateKeySealed).toMatch(/^v2\./);
    const signedRows = await t.app.database.db
      .select()
      .from(documents)
      .where(eq(documents.sealCertificateId, rows[0]!.id));
    expect(signedRows.length).toBe(NAMES.length + 1);
  });

  it('seals a contract drawn from an uploaded PDF over the whole file too', async () => {
    const name = NAMES[0]!;
    await nameSam(t, name);
    const { token } = linkOf(
      await admin(t.app, 'contract issue', {
        staff: SAM,
        template: bytesOption('zero-hours.pdf', await simplePdf('Zero-hours contract', 2)),
        title: 'Zero-hours contract',
      }),
      'contract',
    );
    const base = `${ORIGIN}/api/staff/employment/contract/${token}`;
    expect((await browser.get(`${base}?include=rendered`)).status).toBe(200);
    const signed = await browser.post(`${base}/sign`, { signature_data: await signaturePng() });
    expect(signed.status, signed.body).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: `/api/staff/employment/contract/${token}/pdf` });
    expect(res.statusCode).toBe(200);
    const file = path.join(dir, 'from-upload.pdf');
    await fs.writeFile(file, res.rawPayload);

    const certificate = (await run('pdftotext', ['-enc', 'UTF-8', '-f', '3', '-l', '3', file, '-'])).stdout;
    expect(certificate).toContain('Signature certificate');
    expect(certificate.split('\n')).toContain(name);
    await expectSealedWhole(file);
    expect((await verify(browser, res.rawPayload)).verdict).toBe('intact');
  });
});

suite('a silent time-stamping authority', () => {
  let t: App;
  let silent: Awaited<ReturnType<typeof startSilentTsa>>;
  let browser: Browser;
  let dir: string;
  beforeAll(async () => {
    silent = await startSilentTsa();
    t = await createTestApp('pglite', { env: { TSA_URL: silent.url, TSA_TIMEOUT_MS: '300' } });
    browser = new Browser({ [ORIGIN]: t.app });
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'staffroom-seal-'));
  });
  afterAll(async () => {
    await t?.dropAll();
    await silent?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('signs without a trusted time, still sealed, and the evidence says why', async () => {
    const { pdf, id } = await signAs(t, browser, 'Łukasz Wiśniewski-Șerban');
    expect(silent.requests()).toBe(1);
    const file = path.join(dir, 'signed.pdf');
    await fs.writeFile(file, pdf);
    expect((await run('pdfsig', [file])).stdout).toContain('Signature is Valid.');
    expect(sealOf(pdf).signed.signerInfos[0]!.unsignedAttrs).toBeUndefined();
    const [row] = await t.app.database.db.select().from(documents).where(eq(documents.id, id));
    expect(row!.sealTimestampAuthority).toBe(silent.url);
    expect(row!.sealTimestampAt).toBeNull();
    const events = await t.app.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'agreement.signed'));
    const event = events.find((e) => (e.details as { document_id?: string }).document_id === id)!;
    expect((event.details as { trusted_time: unknown }).trusted_time).toEqual({
      authority: silent.url,
      missing: 'the authority did not answer within 300 ms',
    });
  });
});

suite('a configured PKCS#12 file', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'staffroom-p12-'));
    const openssl = (...args: string[]) => run('openssl', args, { cwd: dir });
    await openssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'ca.key',
      '-out',
      'ca.crt',
      '-days',
      '2',
      '-subj',
      '/CN=Group test root',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign',
    );
    await openssl(
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'sign.key',
      '-out',
      'sign.csr',
      '-subj',
      '/CN=Group test signer',
    );
    await openssl(
      'x509',
      '-req',
      '-in',
      'sign.csr',
      '-CA',
      'ca.crt',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'sign.crt',
      '-days',
      '2',
    );
    await openssl(
      'pkcs12',
      '-export',
      '-inkey',
      'sign.key',
      '-in',
      'sign.crt',
      '-certfile',
      'ca.crt',
      '-out',
      'sign.p12',
      '-passout',
      'pass:correct horse',
    );
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it('signs with the file’s certificate and records it; HR’s authority is the file’s root', async () => {
    const t = await createTestApp('pglite', {
      env: { SIGNING_CERTIFICATE_FILE: path.join(dir, 'sign.p12'), SIGNING_CERTIFICATE_PASSWORD: 'correct horse' },
    });
    try {
      const browser = new Browser({ [ORIGIN]: t.app });
      const { pdf } = await signAs(t, browser, 'Jiří Dvořák');
      const file = path.join(dir, 'signed.pdf');
      await fs.writeFile(file, pdf);
      const sig = (await run('pdfsig', [file])).stdout;
      expect(sig).toContain('Signer Certificate Common Name: Group test signer');
      expect(sig).toContain('Signature is Valid.');
      const rows = await t.app.database.db.select().from(signingCertificates);
      expect(rows.map((r) => r.source)).toEqual(['configured']);
      expect(rows[0]!.privateKeySealed).toBeNull();
      // A document sealed by another certificate is not this Staffroom's.
      expect(sealedElsewhere).toBeDefined();
      expect((await verify(browser, sealedElsewhere!)).message).toBe('Not signed by this Staffroom.');
      const { signingAuthorityCertificate } = await import('@server/modules/documents/index.js');
      const pem = await signingAuthorityCertificate({ services: t.app.services });
      expect(pem.replace(/\s+/g, '')).toBe((await fs.readFile(path.join(dir, 'ca.crt'), 'utf8')).replace(/\s+/g, ''));
    } finally {
      await t.dropAll();
    }
  });

  it('refuses a wrong password with the setting named and the password not shown', async () => {
    const t = await createTestApp('pglite', {
      env: { SIGNING_CERTIFICATE_FILE: path.join(dir, 'sign.p12'), SIGNING_CERTIFICATE_PASSWORD: 'wrong horse' },
    });
    try {
      const { prepareSeal } = await import('@server/modules/documents/index.js');
      const failure = await prepareSeal({ services: t.app.services }).then(
        () => undefined,
        (err: Error) => err.message,
      );
      expect(failure).toContain('SIGNING_CERTIFICATE_PASSWORD');
      expect(failure).not.toContain('wrong horse');
    } finally {
      await t.dropAll();
    }
  });
});
