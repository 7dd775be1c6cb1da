/**
 * Subject access (docs/product.md#subject-access): a member downloads everything held about them as one
 * zip after a second factor, and HR does the same for anyone, leavers too. For a person with one of
 * every kind of record the zip holds each kind in data.json, each file byte for byte, a readable
 * summary, and none of the secrets kept about them; nobody else gets it; the zip is sent while it is
 * being written; each download is audited. On local files and on a real S3-protocol server.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '@server/cli/run-command.js';
import {
  auditEvents,
  deliveries,
  documents,
  fieldsets,
  files,
  onboardingDrafts,
  onboardings,
  passwordLinks,
  remindersSent,
  rightToWorkCheckFiles,
  rightToWorkChecks,
  sessions,
  staff,
  surveys,
  surveySubmissions,
  tfaChallenges,
  tfaMethods,
  vehicles,
  venueManagers,
  venues,
} from '@server/db/schema.js';
import { sealField } from '@server/lib/field-crypto.js';
import { sealContext } from '@server/lib/sealed-columns.js';
import { hashToken } from '@server/lib/tokens.js';
import { storeFile } from '@server/modules/files/index.js';
import { sealBankDetails, sealNiNumber } from '@server/modules/staff/index.js';
import { simplePdf } from '../support/fixtures.js';
import { signedInBrowser, type Browser } from './helpers/browser.js';
import { startS3Server } from './helpers/s3-server.js';
import { PORTAL, stepUpByEmail } from './helpers/step-up.js';
import { createTestApp, DATABASES } from './helpers/test-app.js';
import { unzip } from './helpers/unzip.js';

const SAM = 'sam.taylor@example.com';
const HR = 'morgan.hughes@example.com';
const MANAGER = 'riley.evans@example.com';
const OTHER = 'jamie.patel@example.com';
const MY_DATA = '/staff/self-service/my-data';
const hrZip = (id: string) => `/admin/people/${id}/subject-access.zip`;

/** Every kind of record data.json answers, each of which Sam has at least one of. */
const KINDS = [
  'venues_managed',
  'contact_history',
  'sessions',
  'sign_ins',
  'documents',
  'onboarding',
  'uploads',
  'vehicles',
  'survey_answers',
  'right_to_work_checks',
  'two_factor_methods',
  'two_factor_checks',
  'reminders_sent',
  'password_links',
  'audit_lines',
] as const;

// Local files on each database; S3 on the first, as the file storage is the same code on either.
const SETUPS = [...DATABASES.map((db) => [db, 'local'] as const), [DATABASES[0]!, 's3'] as const];

describe.each(SETUPS)('subject access on %s with %s files', (kind, storage) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
  const db = () => t.app.database.db;
  const sessionsOf = new Map<string, Promise<Browser>>();
  const signedIn = (email: string) => {
    if (!sessionsOf.has(email)) sessionsOf.set(email, signedInBrowser(t.app, PORTAL, email));
    return sessionsOf.get(email)!;
  };
  const idOf = async (email: string) =>
    (await db().select({ id: staff.id }).from(staff).where(eq(staff.emailAddress, email)))[0]!.id;
  const cookieOf = (browser: Browser) => [...browser.jar(PORTAL)].map(([k, v]) => `${k}=${v}`).join('; ');
  /** A GET with `browser`'s cookies, answered as bytes. */
  const bytesOf = async (browser: Browser, p: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api${p}`,
      headers: { cookie: cookieOf(browser), host: new URL(PORTAL).host },
    });
    return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, json: () => res.json() };
  };
  /** The zip's data.json and every entry's text, for looking for secrets. */
  const openZip = async (bytes: Buffer) => {
    const zip = await unzip(bytes);
    const data = JSON.parse((await zip.read('data.json')).toString()) as Record<string, unknown> & {
      staff_record: Record<string, unknown>;
      uploads: { id: string; path_in_zip: string }[];
    };
    const texts = await Promise.all(zip.names.map(async (n) => (await zip.read(n)).toString('latin1')));
    return { zip, data, allText: texts.join('\n') };
  };

  let samId: string;
  let totpSecret: string;
  /** Sam's stored files: id → the bytes stored. */
  const samFiles = new Map<string, Uint8Array>();

  beforeAll(async () => {
    s3 = storage === 's3' ? await startS3Server() : undefined;
    t = await createTestApp(kind, { env: { ...s3?.env } });
    const command = (name: string, options: Record<string, unknown>) =>
      runCommand({ services: t.app.services, name, options });
    expect((await command('role grant', { staff: HR, role: 'hr' })).exitCode).toBe(0);
    expect(
      (await command('role grant', { staff: MANAGER, role: 'manager', venue: ['The Lantern, York'] })).exitCode,
    ).toBe(0);
    const added = await command('tfa add-authenticator', { staff: SAM });
    expect(added.exitCode).toBe(0);
    totpSecret = new URL(added.lines.at(-1)!).searchParams.get('secret')!;
    samId = await idOf(SAM);
    await seedOneOfEach(samId);
  });
  afterAll(async () => {
    await t?.dropAll();
    await s3?.close();
  });

  /** Gives Sam one of every kind of record a session and a step-up do not make by themselves. */
  async function seedOneOfEach(id: string) {
    const services = t.app.services;
    const file = async (bucket: string, name: string, contentType = 'application/pdf') => {
      const bytes = contentType === 'application/pdf' ? await simplePdf(`${name} of Sam Taylor`) : randomBytes(2048);
      const row = await storeFile({ services, ownerStaffId: id, bucket, filename: name, contentType, bytes });
      samFiles.set(row.id, bytes);
      return row;
    };
    await db()
      .update(staff)
      .set({
        ...sealBankDetails(services.fieldKeys, id, { account: '12345678', sortCode: '401122' }),
        niNumberSealed: sealNiNumber(services.fieldKeys, id, 'QQ123456C'),
        dateOfBirth: '1990-02-03',
        addressLine1: '12 <b>Quayside</b> & Walk',
        selfieFileId: (await file('selfies', 'selfie.jpg', 'image/jpeg')).id,
      })
      .where(eq(staff.id, id));
    const [venue] = await db().select().from(venues).limit(1);
    await db().insert(venueManagers).values({ staffId: id, venueId: venue!.id });

    const surveyId = 990_000 + Math.floor(Math.random() * 9_000);
    await db().insert(surveys).values({ id: surveyId, name: 'Back of house survey', questions: [] });
    await db()
      .insert(surveySubmissions)
      .values({ surveyId, staffId: id, answers: { why: 'a shorter commute' } });

    const copy = await file('right-to-work', 'passport.pdf');
    const [check] = await db()
      .insert(rightToWorkChecks)
      .values({ staffId: id, kind: 'home_office_online', checkedOn: '2024-01-07' })
      .returning();
    await db()
      .update(rightToWorkChecks)
      .set({ shareCodeSealed: sealField(services.fieldKeys, 'W4K 9PL 2XY', sealContext.shareCode(check!.id)) })
      .where(eq(rightToWorkChecks.id, check!.id));
    await db().insert(rightToWorkCheckFiles).values({ checkId: check!.id, fileId: copy.id });

    const source = await file('documents', 'contract-source.pdf');
    const signature = await file('signatures', 'signature.png', 'image/png');
    const signed = await file('signed', 'contract-signed.pdf');
    const [contract] = await db()
      .insert(documents)
      .values({
        kind: 'contract',
        staffId: id,
        title: 'Contract of employment',
        tokenHash: hashToken(`document-${randomUUID()}`),
        sourceFileId: source.id,
        documentSha256: 'a'.repeat(64),
        signedAt: new Date('2024-01-07T10:00:00Z'),
        signatureFileId: signature.id,
        signedFileId: signed.id,
        signerIp: '203.0.113.9',
        signerUserAgent: 'Mozilla/5.0 (Sam)',
        issuedBy: 'admin-cli',
      })
      .returning();
    const onboardingUpload = await file('onboarding', 'visa.pdf');
    const [fieldset] = await db().select({ id: fieldsets.id }).from(fieldsets).limit(1);
    const onboardingId = randomUUID();
    await db()
      .insert(onboardings)
      .values({
        id: onboardingId,
        staffId: id,
        tokenHash: hashToken(`onboarding-${randomUUID()}`),
        expiresAt: new Date('2024-01-20T00:00:00Z'),
        step: 'complete',
        fieldsetId: fieldset!.id,
        fields: [],
        answers: { right_to_work: onboardingUpload.id },
        answersSealed: sealField(
          services.fieldKeys,
          JSON.stringify({ national_insurance_number: 'QQ123456C', bank_account: '12345678', sort_code: '40-11-22' }),
          sealContext.onboardingAnswers(onboardingId),
        ),
        contractId: contract!.id,
        completedAt: new Date('2024-01-07T10:00:00Z'),
      });
    await db()
      .insert(onboardingDrafts)
      .values({
        onboardingId,
        revision: 3,
        answersSealed: sealField(
          services.fieldKeys,
          JSON.stringify({ nok_name: 'Pat Taylor' }),
          sealContext.onboardingDraft(onboardingId),
        ),
      });

    const insurance = await file('documents', 'insurance.pdf');
    await db().insert(vehicles).values({
      staffId: id,
      registration: 'LS21BAR',
      make: 'FORD',
      model: 'FIESTA',
      colour: 'BLUE',
      fuelType: 'PETROL',
      insuranceFileId: insurance.id,
    });
    await db()
      .insert(remindersSent)
      .values({ rule: 'vehicle_expiry', itemId: randomUUID(), stage: 'mot-30', staffId: id });
    await db()
      .insert(passwordLinks)
      .values({
        staffId: id,
        tokenHash: hashToken(`link-${randomUUID()}`),
        expiresAt: new Date('2030-01-01T00:00:00Z'),
      });
  }

  /** Every secret held about `id`, as stored, and the session cookies of `browsers`. */
  async function secretsOf(id: string, browsers: Browser[]): Promise<string[]> {
    const [person] = await db().select().from(staff).where(eq(staff.id, id));
    const secrets = [
      person!.passwordHash,
      person!.bankAccountSealed,
      person!.sortCodeSealed,
      person!.niNumberSealed,
      totpSecret,
      ...(await db().select().from(sessions).where(eq(sessions.staffId, id))).flatMap((s) => [
        s.tokenHash,
        s.idTokenSealed,
      ]),
      ...(await db().select().from(tfaMethods).where(eq(tfaMethods.staffId, id))).map((m) => m.secretSealed),
      ...(await db().select().from(tfaChallenges).where(eq(tfaChallenges.staffId, id))).flatMap((c) => [
        c.codeHash,
        c.sessionTokenHash,
      ]),
      ...(await db().select().from(passwordLinks).where(eq(passwordLinks.staffId, id))).map((l) => l.tokenHash),
      ...(await db().select().from(documents).where(eq(documents.staffId, id))).map((d) => d.tokenHash),
      ...(await db().select().from(onboardings).where(eq(onboardings.staffId, id))).flatMap((o) => [
        o.tokenHash,
        o.answersSealed,
      ]),
      ...(await db().select().from(deliveries).where(eq(deliveries.staffId, id))).map((d) => d.body),
      ...browsers.flatMap((b) => [...b.jar(PORTAL).values()]),
    ];
    return secrets.filter((s): s is string => typeof s === 'string' && s.length >= 8);
  }

  it('asks the member for a second factor, then gives them everything held about them and no secret', async () => {
    const sam = await signedIn(SAM);
    const first = await bytesOf(sam, MY_DATA);
    expect(first.status).toBe(402);
    await stepUpByEmail(sam, t.dataDir, SAM);

    const res = await bytesOf(sam, MY_DATA);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="Staffroom data of Sam Taylor \d{4}-\d{2}-\d{2}\.zip"/,
    );
    const { zip, data, allText } = await openZip(res.bytes);

    expect(zip.names.slice(0, 2)).toEqual(['summary.html', 'data.json']);
    for (const key of KINDS) expect((data[key] as unknown[]).length, key).toBeGreaterThan(0);
    expect(data.staff_record).toMatchObject({
      email_address: SAM,
      bank_account: '12345678',
      sort_code: '40-11-22',
      bank_details_shown: 'in full',
      ni_number: 'QQ123456C',
      has_password: true,
    });
    const [doc] = data.documents as { title: string; history: { event: string }[] }[];
    expect(doc!.title).toBe('Contract of employment');
    expect(doc!.history.map((h) => h.event)).toEqual(['issued', 'signed']);
    expect((data.onboarding as { answers: object; draft: { answers: object } }[])[0]).toMatchObject({
      answers: { national_insurance_number: 'QQ123456C', bank_account: '12345678' },
      draft: { answers: { nok_name: 'Pat Taylor' } },
    });
    expect((data.right_to_work_checks as { share_code: string; file_ids: string[] }[])[0]).toMatchObject({
      share_code: 'W4K 9PL 2XY',
    });
    expect((data.two_factor_methods as { type_name: string }[]).map((m) => m.type_name)).toEqual(
      expect.arrayContaining(['authenticator app', 'email code']),
    );
    expect((data.survey_answers as { survey_name: string }[])[0]!.survey_name).toBe('Back of house survey');
    expect((data.sign_ins as { action: string }[]).every((a) => a.action.startsWith('sign-in.'))).toBe(true);

    // Every stored file, byte for byte, where data.json says it is.
    expect(data.uploads).toHaveLength(samFiles.size);
    for (const upload of data.uploads) {
      expect(zip.names).toContain(upload.path_in_zip);
      expect((await zip.read(upload.path_in_zip)).equals(Buffer.from(samFiles.get(upload.id)!))).toBe(true);
    }

    // The summary is readable and escaped.
    const summary = (await zip.read('summary.html')).toString();
    expect(summary).toContain('<h1>Data held about Sam Taylor</h1>');
    expect(summary).toContain('12 &lt;b&gt;Quayside&lt;/b&gt; &amp; Walk');
    expect(summary).not.toContain('<b>Quayside</b>');
    expect(summary).toContain('03/02/1990');
    expect(summary).toMatch(/Contracts and agreements <small>\(1 record\)<\/small>/);

    // No secret, in any entry, and no column that holds one.
    const secrets = await secretsOf(samId, [sam]);
    expect(secrets.length).toBeGreaterThan(8);
    for (const secret of secrets) expect(allText.includes(secret), 'a secret is in the zip').toBe(false);
    for (const column of ['password_hash', 'secret_sealed', 'token_hash', 'code_hash', 'answers_sealed', 'id_token'])
      expect(allText).not.toContain(`"${column}"`);

    const [line] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.staffId, samId), eq(auditEvents.action, 'subject-access.downloaded')));
    expect(line).toMatchObject({ actor: `staff:${samId}`, details: { audience: 'self', files: samFiles.size } });
  });

  it('gives another member only their own data, and not Sam’s from the console', async () => {
    const other = await signedIn(OTHER);
    await stepUpByEmail(other, t.dataDir, OTHER);
    const res = await bytesOf(other, MY_DATA);
    expect(res.status).toBe(200);
    const { data, allText } = await openZip(res.bytes);
    expect(data.staff_record.email_address).toBe(OTHER);
    expect(data.person_id).not.toBe(samId);
    expect(allText).not.toContain(SAM);
    expect(allText).not.toContain('Quayside');
    const refused = await bytesOf(other, hrZip(samId));
    expect(refused.status).toBe(403);
    expect(refused.json().errors.message).toBe('You do not have access to the HR console.');
  });

  it('limits a member’s downloads in an hour', async () => {
    const other = await signedIn(OTHER);
    let status = 200;
    for (let i = 0; i < 12 && status === 200; i += 1) status = (await bytesOf(other, MY_DATA)).status;
    expect(status).toBe(429);
  });

  it('lets HR download anyone’s after a second factor, bank details masked, and refuses a venue manager', async () => {
    const manager = await signedIn(MANAGER);
    const refused = await bytesOf(manager, hrZip(samId));
    expect(refused.status).toBe(403);
    expect(refused.json().errors.message).toBe('Only HR can do that.');

    const hr = await signedIn(HR);
    expect((await bytesOf(hr, hrZip(samId))).status).toBe(402);
    await stepUpByEmail(hr, t.dataDir, HR);
    expect((await bytesOf(hr, hrZip(randomUUID()))).status).toBe(404);
    const res = await bytesOf(hr, hrZip(samId));
    expect(res.status).toBe(200);
    const { zip, data, allText } = await openZip(res.bytes);
    for (const key of KINDS) expect((data[key] as unknown[]).length, key).toBeGreaterThan(0);
    expect(data.staff_record).toMatchObject({
      bank_account: '****5678',
      sort_code: '**-**-22',
      bank_details_shown: 'masked',
    });
    expect((data.onboarding as { answers: object }[])[0]!.answers).toMatchObject({
      bank_account: '****5678',
      sort_code: '**-**-22',
    });
    expect(allText).not.toContain('12345678');
    for (const upload of data.uploads) expect(zip.names).toContain(upload.path_in_zip);
    for (const secret of await secretsOf(samId, [await signedIn(SAM)]))
      expect(allText.includes(secret), 'a secret is in the zip').toBe(false);
    const hrId = await idOf(HR);
    const lines = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.staffId, samId), eq(auditEvents.actor, `staff:${hrId}`)));
    expect(lines.map((l) => [l.action, l.details])).toContainEqual([
      'subject-access.downloaded',
      { audience: 'hr', files: samFiles.size },
    ]);
  });

  it('answers HR for a leaver, and sends the zip while its files are still being read', async () => {
    const services = t.app.services;
    const id = randomUUID();
    await db()
      .insert(staff)
      .values({
        id,
        forename: 'Lee',
        surname: 'Leaver',
        emailAddress: `lee.${id.slice(0, 8)}@example.com`,
        leavingDate: '2024-06-30',
        leavingReason: 'resigned',
        accessEndsAt: new Date('2024-06-30T23:00:00Z'),
      });
    const count = 30;
    for (let i = 0; i < count; i += 1) {
      await storeFile({
        services,
        ownerStaffId: id,
        bucket: 'right-to-work',
        filename: `copy-${i}.png`,
        contentType: 'image/png',
        bytes: randomBytes(64 * 1024),
      });
    }
    // Counts the files opened so far: the storage itself, looked at from outside.
    const open = services.storage.getStream.bind(services.storage);
    let opened = 0;
    services.storage.getStream = async (key) => {
      opened += 1;
      return open(key);
    };
    try {
      const hr = await signedIn(HR);
      await stepUpByEmail(hr, t.dataDir, HR);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api${hrZip(id)}`,
        headers: { cookie: cookieOf(hr), host: new URL(PORTAL).host },
        payloadAsStream: true,
      });
      expect(res.statusCode).toBe(200);
      const stream = res.stream() as Readable;
      await once(stream, 'readable');
      const chunks: Buffer[] = [stream.read() as Buffer];
      // The first bytes are here while most files have not been opened yet.
      expect(opened).toBeLessThan(count);
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      expect(opened).toBe(count);
      const { zip, data } = await openZip(Buffer.concat(chunks));
      expect(data.staff_record).toMatchObject({ forename: 'Lee', leaving_date: '2024-06-30' });
      expect(zip.names.filter((n) => n.startsWith('files/right-to-work/'))).toHaveLength(count);
    } finally {
      services.storage.getStream = open;
    }
    const rows = await db().select({ id: files.id }).from(files).where(eq(files.ownerStaffId, id));
    expect(rows).toHaveLength(count);
  });

  it('says in the zip which file the storage could not give back, and still gives the rest', async () => {
    const services = t.app.services;
    const id = randomUUID();
    await db()
      .insert(staff)
      .values({ id, forename: 'Max', surname: 'Missing', emailAddress: `max.${id.slice(0, 8)}@example.com` });
    const store = (name: string) =>
      storeFile({
        services,
        ownerStaffId: id,
        bucket: 'onboarding',
        filename: name,
        contentType: 'image/png',
        bytes: randomBytes(4096),
      });
    const gone = await store('gone.png');
    const kept = await store('kept.png');
    await services.storage.delete(gone.storageKey);
    const hr = await signedIn(HR);
    await stepUpByEmail(hr, t.dataDir, HR);
    const res = await bytesOf(hr, hrZip(id));
    expect(res.status).toBe(200);
    const { zip, data } = await openZip(res.bytes);
    const pathOf = (fileId: string) => data.uploads.find((u) => u.id === fileId)!.path_in_zip;
    expect(zip.names).toContain(`${pathOf(gone.id)} (missing).txt`);
    expect(zip.names).not.toContain(pathOf(gone.id));
    expect((await zip.read(pathOf(kept.id))).length).toBe(4096);
  });
});
