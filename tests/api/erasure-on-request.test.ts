/**
 * Erasure on request (docs/product.md#erasure-on-request) through the console's calls: a leaver who
 * onboarded through their link (details, NI number, right-to-work copy, signed contract), took a
 * picture, answered a survey, added a vehicle with its insurance, signed in and changed details, then
 * left. Before the erasure, a scan of every text and JSON column of every table (sealed ones opened)
 * and of every stored file's text finds their name, email, mobile and NI number; after it, only in the
 * kinds the law keeps, listed here, and each erased file is gone from the storage, local and S3 alike.
 * HR only, after a second factor; a current member is refused; a second call erases nothing more.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, files, staff, surveys, surveySubmissions, vehicles } from '@server/db/schema.js';
import { runCommand } from '@server/cli/run-command.js';
import { storeFile } from '@server/modules/files/index.js';
import { dataUrl, jpegWithExif, signaturePng, simplePdf } from '../support/fixtures.js';
import { Browser, signedInBrowser } from './helpers/browser.js';
import { admin, bytesOption, goodAnswers, linkOf, newEmail } from './helpers/joiners.js';
import { scanPersonalData } from './helpers/personal-data-scan.js';
import { startS3Server } from './helpers/s3-server.js';
import { PORTAL, stepUpByEmail } from './helpers/step-up.js';
import { createTestApp, DATABASES, type TestApp } from './helpers/test-app.js';

const api = (p: string) => `${PORTAL}/api${p}`;
const HR = 'morgan.hughes@example.com';
const SETUPS = DATABASES.flatMap((db) => (['local', 's3'] as const).map((storage) => [db, storage] as const));

/** Letters only, so a name stays a name: a run's own surname, found nowhere else. */
const letters = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** A joiner who onboards through their link to the end, then lives a little in the portal. */
async function seedPerson(t: TestApp) {
  const db = () => t.app.database.db;
  const surname = `Quill${letters()}`;
  const email = newEmail(`erase.${surname.toLowerCase()}`);
  const mobile = `07700900${String(Math.floor(Math.random() * 900) + 100)}`;
  const ni = 'JT 48 27 19 B';
  const { token } = linkOf(
    await admin(t.app, 'invite', {
      forename: 'Ottoline',
      surname,
      email,
      venue: 'The Lantern, York',
      position: 'Bartender',
      startDate: '2024-03-04',
    }),
    'onboard',
  );
  const link = new Browser({ [PORTAL]: t.app });
  const base = api(`/staff/self-service-onboard/${token}`);
  expect((await link.get(base)).status).toBe(200);
  const passport = await link.post(api(`/staff/self-service/${token}/file`), {
    file_data: dataUrl('application/pdf', await simplePdf(`Passport of Ottoline ${surname}`)),
    filename: 'passport.pdf',
  });
  expect(passport.status, passport.body).toBe(200);
  const details = await link.post(base, {
    fields: { ...goodAnswers(passport.json().data), national_insurance_number: ni, mobile },
  });
  expect(details.status, details.body).toBe(200);
  expect((await link.post(`${base}/contract/sign`, { signature_data: await signaturePng() })).status).toBe(200);
  const done = await link.post(`${base}/password`, { password: 'Welcome123', password_check: 'Welcome123' });
  expect(done.json().step).toBe('complete');
  const [person] = await db().select().from(staff).where(eq(staff.emailAddress, email));
  const id = person!.id;

  // Signed in: a session, sign-in lines; a picture; a survey answer; a vehicle with its insurance.
  const member = await signedInBrowser(t.app, PORTAL, email, 'Welcome123');
  const selfie = await member.post(api('/staff/self-service/image'), {
    image_data: dataUrl('image/jpeg', await jpegWithExif()),
  });
  expect(selfie.status, selfie.body).toBe(200);
  const surveyId = 980_000 + Math.floor(Math.random() * 9_000);
  await db().insert(surveys).values({ id: surveyId, name: 'Leavers survey', questions: [] });
  await db()
    .insert(surveySubmissions)
    .values({ surveyId, staffId: id, answers: { why: `Ottoline ${surname} moves to ${mobile}` } });
  const insurance = await storeFile({
    services: t.app.services,
    ownerStaffId: id,
    bucket: 'documents',
    filename: 'insurance.pdf',
    contentType: 'application/pdf',
    bytes: await simplePdf(`Policy holder Ottoline ${surname}, ${email}`),
  });
  await db().insert(vehicles).values({
    staffId: id,
    registration: 'QL21ERA',
    make: 'FORD',
    model: 'FIESTA',
    colour: 'BLUE',
    fuelType: 'PETROL',
    insuranceFileId: insurance.id,
  });
  await db()
    .insert(auditEvents)
    .values({
      staffId: id,
      actor: `staff:${id}`,
      action: 'staff.contact_details_changed',
      ip: '198.51.100.7',
      details: { mobile: { old: '07700900000', new: person!.mobile }, note: `asked by Ottoline ${surname}` },
    });
  return { id, email, surname, mobile: person!.mobile!, ni, surveyId };
}

describe.each(SETUPS)('erasure on request on %s with %s files', (kind, storage) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
  const db = () => t.app.database.db;
  const command = async (name: string, options: Record<string, unknown>) => {
    const result = await runCommand({ services: t.app.services, name, options });
    expect(result.error).toBeUndefined();
    return result;
  };
  const stored = (key: string) =>
    t.app.services.storage.get(key).then(
      () => true,
      () => false,
    );

  beforeAll(async () => {
    s3 = storage === 's3' ? await startS3Server() : undefined;
    t = await createTestApp(kind, { env: { ...s3?.env } });
    await command('role grant', { staff: HR, role: 'hr' });
    await command('role grant', { staff: 'riley.evans@example.com', role: 'manager', venue: ['The Lantern, York'] });
  });
  afterAll(async () => {
    await t?.dropAll();
    await s3?.close();
  });

  const hrBrowser = async () => {
    const hr = await signedInBrowser(t.app, PORTAL, HR);
    await stepUpByEmail(hr, t.dataDir, HR);
    return hr;
  };

  it('erases all but what the law keeps, rows and files, and a second call erases nothing more', async () => {
    const person = await seedPerson(t);
    await command('staff leave', { staff: person.email, reason: 'resigned', now: true });
    const values = [person.surname, person.email, person.mobile.slice(-10), person.ni];
    const scan = () =>
      scanPersonalData({ db: db(), storage: t.app.services.storage, fieldKeys: t.app.services.fieldKeys, values });

    const before = await scan();
    for (const value of values) expect(before[value], value).not.toEqual([]);
    // Found where the erasure must reach, not only where the law keeps it.
    expect(before[person.surname]).toEqual(
      expect.arrayContaining(['audit_events.details', 'survey_submissions.answers', 'file documents']),
    );
    const theirFiles = await db().select().from(files).where(eq(files.ownerStaffId, person.id));
    expect(new Set(theirFiles.map((f) => f.bucket))).toEqual(
      new Set(['selfies', 'onboarding', 'documents', 'signatures', 'signed']),
    );

    const hr = await hrBrowser();
    const plan = await hr.get(api(`/admin/people/${person.id}/erasure`));
    expect(plan.status, plan.body).toBe(200);
    const statuses = Object.fromEntries(
      plan.json().data.items.map((i: { kind: string; status: string }) => [i.kind, i.status]),
    );
    expect(statuses).toEqual({
      selfie: 'erase',
      'survey-answers': 'erase',
      // No payroll export since they left: their final pay still needs them.
      'bank-details': 'kept',
      'right-to-work': 'kept',
      'payroll-records': 'kept',
      vehicles: 'erase',
      documents: 'kept',
      history: 'erase',
      'staff-record': 'kept',
    });

    const erased = await hr.post(api(`/admin/people/${person.id}/erasure`));
    expect(erased.status, erased.body).toBe(200);
    expect(erased.json().data.erased).toEqual(['selfie', 'survey-answers', 'vehicles', 'history']);
    const documents = erased.json().data.plan.items.find((i: { kind: string }) => i.kind === 'documents');
    expect(documents).toMatchObject({ status: 'kept', why: expect.stringContaining('Limitation Act 1980') });
    expect(documents.kept_until).toMatch(/^20(2|3)\d-\d\d-\d\d$/);

    // Only the kinds the law keeps still hold them: the staff record, the payroll records (the
    // onboarding's answers), the contract (its text and signed PDF) and the right-to-work copy.
    const after = await scan();
    const KEPT = new Set([
      'staff.surname',
      'staff.email_address',
      'staff.mobile',
      'onboardings.answers_sealed (opened)',
      'documents.html',
      'file signed',
      'file onboarding',
    ]);
    for (const value of values) {
      expect(
        after[value]!.filter((place) => !KEPT.has(place)),
        value,
      ).toEqual([]);
    }
    // The survey answer is theirs no more, and no longer says who wrote it.
    const [answer] = await db().select().from(surveySubmissions).where(eq(surveySubmissions.surveyId, person.surveyId));
    expect(answer).toMatchObject({ staffId: null, answers: { why: '[removed]' } });
    // The contract and the payroll records are still there.
    expect(after[person.surname]).toEqual(expect.arrayContaining(['staff.surname', 'file signed']));
    expect(after[person.ni]).toEqual(['onboardings.answers_sealed (opened)']);

    // Each erased file is gone, row and bytes; the kept ones are there.
    const left = new Set((await db().select({ id: files.id }).from(files)).map((f) => f.id));
    const erasedFile = (f: (typeof theirFiles)[number]) =>
      f.bucket === 'selfies' || f.originalFilename === 'insurance.pdf';
    expect(theirFiles.filter(erasedFile)).toHaveLength(2);
    for (const file of theirFiles) {
      const name = `${file.bucket} ${file.originalFilename}`;
      expect(left.has(file.id), name).toBe(!erasedFile(file));
      expect(await stored(file.storageKey), name).toBe(!erasedFile(file));
    }

    // One audit line per kind, without the data.
    const lines = await db().select().from(auditEvents).where(eq(auditEvents.staffId, person.id));
    const erasures = lines.filter((l) => l.action === 'retention.erased');
    expect(erasures.map((l) => l.details).sort((a, b) => String(a.kind).localeCompare(String(b.kind)))).toEqual(
      ['history', 'selfie', 'survey-answers', 'vehicles'].map((k) => ({
        kind: k,
        staff_id: person.id,
        rule: 'on request',
      })),
    );

    // Again: nothing more to erase, nothing written.
    const again = await hr.post(api(`/admin/people/${person.id}/erasure`));
    expect(again.status, again.body).toBe(200);
    expect(again.json().data.erased).toEqual([]);
    expect(again.json().data.plan.erased_at).toBe(erasures.at(-1)!.at.toISOString());
    const linesAgain = await db().select().from(auditEvents).where(eq(auditEvents.staffId, person.id));
    expect(linesAgain).toHaveLength(lines.length);
  });

  it('erases the record itself when the law keeps nothing of them, and the person is gone', async () => {
    const email = newEmail('erase.whole');
    await command('create-staff', {
      forename: 'Wynn',
      surname: 'Nothingkept',
      email,
      password: 'Welcome123',
      venue: 'The Lantern, York',
      mobile: '07700900999',
    });
    await command('staff leave', { staff: email, reason: 'resigned', now: true });
    const [person] = await db().select().from(staff).where(eq(staff.emailAddress, email));
    await db().update(staff).set({ bankAccountLast4: '4321', sortCodeLast2: '11' }).where(eq(staff.id, person!.id));
    const hr = await hrBrowser();
    const kept = async () =>
      (await hr.get(api(`/admin/people/${person!.id}/erasure`)))
        .json()
        .data.items.filter((i: { status: string }) => i.status === 'kept');
    // Their final pay has not gone to payroll: the bank details stay, and the record with them.
    expect(await kept()).toEqual([
      expect.objectContaining({ kind: 'bank-details', kept_until: null, why: expect.stringContaining('final pay') }),
      expect.objectContaining({ kind: 'staff-record', kept_until: null, why: expect.stringContaining('final pay') }),
    ]);
    // A payroll export since they left has held them: nothing is kept.
    await db()
      .insert(auditEvents)
      .values({
        actor: 'staff:hr',
        action: 'payroll.exported',
        details: { since: person!.leavingDate, rows: 1 },
      });
    expect(await kept()).toEqual([]);
    const erased = await hr.post(api(`/admin/people/${person!.id}/erasure`));
    expect(erased.status, erased.body).toBe(200);
    expect(erased.json().data).toEqual({ erased: ['bank-details', 'history', 'staff-record'], plan: null });
    expect(await db().select().from(staff).where(eq(staff.id, person!.id))).toEqual([]);
    const after = await scanPersonalData({
      db: db(),
      storage: t.app.services.storage,
      fieldKeys: t.app.services.fieldKeys,
      values: ['Nothingkept', email, '7700900999'],
    });
    expect(after).toEqual({ Nothingkept: [], [email]: [], '7700900999': [] });
    // Their page is gone: 404, as for anyone unknown.
    expect((await hr.get(api(`/admin/people/${person!.id}/erasure`))).status).toBe(404);
  });

  it('is HR’s only, after a second factor, and only for a leaver', async () => {
    const person = await seedPerson(t);
    const hr = await hrBrowser();
    // Still at work: refused, nothing erased.
    for (const res of [
      await hr.get(api(`/admin/people/${person.id}/erasure`)),
      await hr.post(api(`/admin/people/${person.id}/erasure`)),
    ]) {
      expect(res.status, res.body).toBe(409);
      expect(res.json().errors).toMatchObject({
        code: 'CONFLICT',
        message: expect.stringContaining('Record their leaving'),
      });
    }
    await command('staff leave', { staff: person.email, reason: 'resigned', now: true });

    // A venue manager of their venue: the console's refusal, for the plan and the erasure alike.
    const manager = await signedInBrowser(t.app, PORTAL, 'riley.evans@example.com');
    for (const res of [
      await manager.get(api(`/admin/people/${person.id}/erasure`)),
      await manager.post(api(`/admin/people/${person.id}/erasure`)),
    ]) {
      expect(res.status, res.body).toBe(403);
      expect(res.json().errors.message).toBe('Only HR can do that.');
    }

    // HR without a recent second factor: asked for one, nothing erased.
    const unverified = await signedInBrowser(t.app, PORTAL, HR);
    const refused = await unverified.post(api(`/admin/people/${person.id}/erasure`));
    expect(refused.status, refused.body).toBe(402);
    const [still] = await db().select().from(staff).where(eq(staff.id, person.id));
    expect(still!.selfieFileId).not.toBeNull();
    expect(await db().select().from(vehicles).where(eq(vehicles.staffId, person.id))).toHaveLength(1);
    expect(
      (await db().select().from(auditEvents).where(eq(auditEvents.staffId, person.id))).filter(
        (l) => l.action === 'retention.erased',
      ),
    ).toEqual([]);
  });
});

/**
 * An erasure on request made after a backup comes back with the backup's restore, and `erasures reapply`
 * with what `erasures list` printed before the restore erases it again. The backup here is a copy of the
 * embedded database's data folder (database, stored files, secrets) taken while no server runs on it.
 */
describe('erasures after a restore', () => {
  const apps: TestApp[] = [];
  const folders: string[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => undefined);
    for (const folder of folders) await fs.rm(folder, { recursive: true, force: true });
  });
  const open = async (dataDir?: string) => {
    const app = await createTestApp('pglite', dataDir ? { dataDir, seed: false } : {});
    apps.push(app);
    folders.push(app.dataDir);
    return app;
  };
  const run = async (t: TestApp, name: string, options: Record<string, unknown>) => {
    const result = await runCommand({ services: t.app.services, name, options });
    expect(result.error).toBeUndefined();
    return result.lines;
  };

  it('erases again what was erased on request since the backup', async () => {
    const first = await open();
    await run(first, 'role grant', { staff: HR, role: 'hr' });
    const person = await seedPerson(first);
    await run(first, 'staff leave', { staff: person.email, reason: 'resigned', now: true });
    const dataDir = first.dataDir;
    await first.close();
    const backup = await fs.mkdtemp(path.join(os.tmpdir(), 'staffroom-backup-'));
    folders.push(backup);
    await fs.cp(dataDir, backup, { recursive: true });
    const backupTakenAt = new Date();

    const live = await open(dataDir);
    const hr = await signedInBrowser(live.app, PORTAL, HR);
    await stepUpByEmail(hr, live.dataDir, HR);
    expect((await hr.post(api(`/admin/people/${person.id}/erasure`))).status).toBe(200);
    const listed = await run(live, 'erasures list', { since: backupTakenAt.toISOString() });
    expect(listed.map((line) => JSON.parse(line).kind).sort()).toEqual([
      'history',
      'selfie',
      'survey-answers',
      'vehicles',
    ]);
    await live.close();

    // The restore: the picture, the vehicle and its insurance are back, rows and bytes.
    const restored = await open(backup);
    const values = [person.surname, person.email];
    const scan = () =>
      scanPersonalData({
        db: restored.app.database.db,
        storage: restored.app.services.storage,
        fieldKeys: restored.app.services.fieldKeys,
        values,
      });
    expect((await scan())[person.surname]).toEqual(
      expect.arrayContaining(['audit_events.details', 'survey_submissions.answers', 'file documents']),
    );
    const back = await restored.app.database.db.select().from(vehicles).where(eq(vehicles.staffId, person.id));
    expect(back).toHaveLength(1);

    const lines = await run(restored, 'erasures reapply', {
      file: bytesOption('erasures.jsonl', [...listed, 'not an erasure', ''].join('\n')),
    });
    expect(lines).toEqual(['Erased again on request: 1 person; 1 other lines of the file passed over.']);
    const after = await scan();
    for (const value of values)
      expect(
        after[value]!.filter(
          (place) =>
            !['staff.surname', 'staff.email_address', 'documents.html', 'file signed', 'file onboarding'].includes(
              place,
            ),
        ),
        value,
      ).toEqual([]);
    expect(await restored.app.database.db.select().from(vehicles).where(eq(vehicles.staffId, person.id))).toEqual([]);
    const [insurance] = await restored.app.database.db
      .select()
      .from(files)
      .where(eq(files.id, back[0]!.insuranceFileId!));
    expect(insurance).toBeUndefined();
  });
});
