/**
 * The retention job (docs/product.md#retention) run "as at" chosen times over one leaver who has one of
 * everything: at each boundary, a day before the period ends the data is kept and a day after it is
 * gone, rows and stored files alike, on local storage and on a real S3-protocol server; colleagues
 * still at work keep theirs; each erasure leaves one audit line without the data; the audit log keeps
 * the person's id only; and with many instances each person is erased once.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, or } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  documents,
  fieldsets,
  files,
  onboardings,
  rightToWorkCheckFiles,
  rightToWorkChecks,
  staff,
  surveys,
  surveySubmissions,
  vehicles,
} from '@server/db/schema.js';
import { sealField } from '@server/lib/field-crypto.js';
import { hashToken } from '@server/lib/tokens.js';
import { endOfUkDay, shiftInUk, startOfUkDay } from '@server/lib/uk-days.js';
import { storeFile } from '@server/modules/files/index.js';
import { erasePersonalData, ERASURE_KINDS, runRetention } from '@server/modules/housekeeping/index.js';
import { startS3Server } from './helpers/s3-server.js';
import { createTestApp, DATABASES } from './helpers/test-app.js';

/** The leaver's last working day: their access ends at midnight in London (BST) that night. */
const LEAVING_DATE = '2020-06-30';
const ACCESS_ENDS = endOfUkDay(LEAVING_DATE);
const daysAfter = (at: Date, days: number) => shiftInUk(at, days, 'day');
const yearsAfter = (at: Date, years: number) => shiftInUk(at, years, 'year');

const SETUPS = DATABASES.flatMap((db) => (['local', 's3'] as const).map((storage) => [db, storage] as const));

describe.each(SETUPS)('retention on %s with %s files', (kind, storage) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
  const db = () => t.app.database.db;
  const run = (now: Date) => runRetention({ services: t.app.services, now });
  /** Whether the bytes of `storageKey` are still in the file storage. */
  const stored = (storageKey: string) =>
    t.app.services.storage.get(storageKey).then(
      () => true,
      () => false,
    );
  const fileRow = async (id: string) => (await db().select().from(files).where(eq(files.id, id)))[0];

  beforeAll(async () => {
    s3 = storage === 's3' ? await startS3Server() : undefined;
    t = await createTestApp(kind, { env: { ...s3?.env } });
  });
  afterAll(async () => {
    await t?.dropAll();
    await s3?.close();
  });

  /** A leaver with a picture, survey answers, bank details, a right-to-work check, payroll records, a vehicle and a signed contract. */
  async function seedLeaver() {
    const services = t.app.services;
    const id = randomUUID();
    const email = `riley.${id.slice(0, 8)}@example.com`;
    await db()
      .insert(staff)
      .values({
        id,
        forename: 'Riley',
        surname: 'Leaverton',
        emailAddress: email,
        mobile: '+447700900123',
        addressLine1: '12 Quayside Walk',
        dateOfBirth: '1990-02-03',
        startDate: '2019-01-07',
        niNumberSealed: sealField(services.fieldKeys, 'QQ123456C', `ni:${id}`),
        bankAccountSealed: sealField(services.fieldKeys, '12345678', `bank:${id}`),
        sortCodeSealed: sealField(services.fieldKeys, '401122', `sort:${id}`),
        bankAccountLast4: '5678',
        sortCodeLast2: '22',
        leavingDate: LEAVING_DATE,
        leavingReason: 'resigned',
        accessEndsAt: ACCESS_ENDS,
      });
    const file = (bucket: string, name: string) =>
      storeFile({
        services,
        ownerStaffId: id,
        bucket,
        filename: name,
        contentType: 'application/pdf',
        bytes: new TextEncoder().encode(`%PDF-1.4 ${name} of Riley Leaverton`),
      });
    const selfie = await file('selfies', 'selfie.pdf');
    await db().update(staff).set({ selfieFileId: selfie.id }).where(eq(staff.id, id));

    const surveyId = 990_000 + Math.floor(Math.random() * 9_000);
    await db().insert(surveys).values({ id: surveyId, name: 'Leavers survey', questions: [] });
    const [answer] = await db()
      .insert(surveySubmissions)
      .values({ surveyId, staffId: id, answers: { why: 'a shorter commute', sign_off: 'Cheers, Riley Leaverton' } })
      .returning();

    const copy = await file('right-to-work', 'passport.pdf');
    const onboardingUpload = await file('onboarding', 'visa.pdf');
    const [check] = await db()
      .insert(rightToWorkChecks)
      .values({ staffId: id, kind: 'manual_document', checkedOn: '2019-01-07' })
      .returning();
    await db().insert(rightToWorkCheckFiles).values({ checkId: check!.id, fileId: copy.id });

    const signature = await file('signatures', 'signature.pdf');
    const signed = await file('signed', 'contract-signed.pdf');
    const [contract] = await db()
      .insert(documents)
      .values({
        kind: 'contract',
        staffId: id,
        title: 'Contract of employment',
        html: '<p>Riley Leaverton, 12 Quayside Walk</p>',
        documentSha256: 'a'.repeat(64),
        signedAt: new Date('2019-01-07T10:00:00Z'),
        signatureFileId: signature.id,
        signedFileId: signed.id,
        signerIp: '203.0.113.9',
        signerUserAgent: 'Mozilla/5.0 (Riley)',
      })
      .returning();
    const [fieldset] = await db().select({ id: fieldsets.id }).from(fieldsets).limit(1);
    await db()
      .insert(onboardings)
      .values({
        staffId: id,
        tokenHash: hashToken(randomUUID()),
        expiresAt: new Date('2019-01-20T00:00:00Z'),
        step: 'complete',
        fieldsetId: fieldset!.id,
        fields: [],
        answers: { right_to_work: onboardingUpload.id },
        answersSealed: sealField(services.fieldKeys, '{"national_insurance_number":"QQ123456C"}', `answers:${id}`),
        contractId: contract!.id,
        completedAt: new Date('2019-01-07T10:00:00Z'),
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
      .insert(auditEvents)
      .values({
        staffId: id,
        actor: `staff:${id}`,
        action: 'staff.contact_details_changed',
        ip: '198.51.100.7',
        at: new Date('2019-05-01T09:00:00Z'),
        details: { email_address: { old: 'riley.old@example.com', new: email }, note: 'asked by Riley Leaverton' },
      });
    return { id, email, selfie, answer: answer!, copy, onboardingUpload, signature, signed, insurance };
  }

  const person = async (id: string) => (await db().select().from(staff).where(eq(staff.id, id)))[0];
  const erasedLines = (id: string) =>
    db()
      .select({ details: auditEvents.details, actor: auditEvents.actor })
      .from(auditEvents)
      .where(and(eq(auditEvents.staffId, id), eq(auditEvents.action, 'retention.erased')));

  it('keeps each kind until its period ends and erases it, rows and files, the day after', async () => {
    const riley = await seedLeaver();
    const colleague = (await db().select().from(staff).where(eq(staff.emailAddress, 'sam.taylor@example.com')))[0]!;

    // Access has not ended yet: nothing goes.
    expect(await run(daysAfter(ACCESS_ENDS, -1))).toMatchObject({ ran: true });
    expect((await person(riley.id))!.selfieFileId).toBe(riley.selfie.id);

    // The day after: the picture goes and the survey answers stop naming them; the rest stays.
    const afterLeaving = await run(daysAfter(ACCESS_ENDS, 1));
    expect(afterLeaving).toMatchObject({ ran: true, erased: { selfie: 1, 'survey-answers': 1, 'bank-details': 0 } });
    expect((await person(riley.id))!.selfieFileId).toBeNull();
    expect(await fileRow(riley.selfie.id)).toBeUndefined();
    expect(await stored(riley.selfie.storageKey)).toBe(false);
    const [answer] = await db().select().from(surveySubmissions).where(eq(surveySubmissions.id, riley.answer.id));
    // An answer in their own words that says who they are no longer does; the others stay.
    expect(answer).toMatchObject({ staffId: null, answers: { why: 'a shorter commute', sign_off: '[removed]' } });
    expect((await person(riley.id))!.bankAccountLast4).toBe('5678');

    // Bank details: 30 days after the first payroll export made once access ended that held them.
    const exportedAt = daysAfter(ACCESS_ENDS, 2);
    await db()
      .insert(auditEvents)
      .values({
        actor: 'staff:hr',
        action: 'payroll.exported',
        at: exportedAt,
        details: { since: '2020-06-01', rows: 1 },
      });
    await run(daysAfter(exportedAt, 29));
    expect((await person(riley.id))!.bankAccountSealed).not.toBeNull();
    expect(await run(daysAfter(exportedAt, 31))).toMatchObject({ erased: { 'bank-details': 1 } });
    expect(await person(riley.id)).toMatchObject({
      bankAccountSealed: null,
      sortCodeSealed: null,
      bankAccountLast4: null,
      sortCodeLast2: null,
    });

    // Right to work: 2 years after access ended, the checks and every copy go.
    const rightToWorkDue = yearsAfter(ACCESS_ENDS, 2);
    await run(daysAfter(rightToWorkDue, -1));
    expect(await db().select().from(rightToWorkChecks).where(eq(rightToWorkChecks.staffId, riley.id))).toHaveLength(1);
    expect(await stored(riley.copy.storageKey)).toBe(true);
    expect(await run(daysAfter(rightToWorkDue, 1))).toMatchObject({ erased: { 'right-to-work': 1 } });
    expect(await db().select().from(rightToWorkChecks).where(eq(rightToWorkChecks.staffId, riley.id))).toEqual([]);
    for (const copy of [riley.copy, riley.onboardingUpload]) {
      expect(await fileRow(copy.id)).toBeUndefined();
      expect(await stored(copy.storageKey)).toBe(false);
    }
    expect(await stored(riley.signed.storageKey)).toBe(true);

    // Payroll records: 3 years after the tax year of leaving ended (5 April 2021), so through 5 April 2024.
    await run(new Date('2024-04-05T12:00:00+01:00'));
    expect((await person(riley.id))!.niNumberSealed).not.toBeNull();
    expect(await run(startOfUkDay('2024-04-07'))).toMatchObject({ erased: { 'payroll-records': 1 } });
    expect(await person(riley.id)).toMatchObject({ niNumberSealed: null, dateOfBirth: null });
    const [onboarding] = await db().select().from(onboardings).where(eq(onboardings.staffId, riley.id));
    expect(onboarding).toMatchObject({ answersSealed: null, answers: {} });

    // Six years after access ended, a day early: the contract, its evidence, the vehicle and the record stay.
    const documentsDue = yearsAfter(ACCESS_ENDS, 6);
    await run(daysAfter(documentsDue, -1));
    expect(await person(riley.id)).toBeDefined();
    expect(await db().select().from(documents).where(eq(documents.staffId, riley.id))).toHaveLength(1);
    expect(await stored(riley.signed.storageKey)).toBe(true);
    expect(await stored(riley.insurance.storageKey)).toBe(true);

    // The day after, everything of theirs goes, files included; the audit log keeps their id alone.
    expect(await run(daysAfter(documentsDue, 1))).toMatchObject({
      erased: { documents: 1, vehicles: 1, 'staff-record': 1 },
    });
    expect(await person(riley.id)).toBeUndefined();
    expect(await db().select().from(documents).where(eq(documents.staffId, riley.id))).toEqual([]);
    expect(await db().select().from(vehicles).where(eq(vehicles.staffId, riley.id))).toEqual([]);
    expect(await db().select().from(onboardings).where(eq(onboardings.staffId, riley.id))).toEqual([]);
    for (const f of [riley.signature, riley.signed, riley.insurance]) {
      expect(await fileRow(f.id)).toBeUndefined();
      expect(await stored(f.storageKey)).toBe(false);
    }
    const history = await db()
      .select()
      .from(auditEvents)
      .where(or(eq(auditEvents.staffId, riley.id), eq(auditEvents.actor, `staff:${riley.id}`)));
    const text = JSON.stringify(history);
    for (const value of ['Riley', 'Leaverton', riley.email, 'riley.old@example.com', '198.51.100.7', '+447700900123'])
      expect(text, value).not.toContain(value);
    const change = history.find((line) => line.action === 'staff.contact_details_changed')!;
    expect(change).toMatchObject({
      ip: null,
      details: { email_address: { old: riley.id, new: riley.id }, note: riley.id },
    });

    // One line per erasure, naming the kind, the person and the rule.
    const lines = await erasedLines(riley.id);
    expect(lines.map((l) => l.details.kind).sort()).toEqual([...ERASURE_KINDS].sort());
    for (const line of lines) {
      expect(line.actor).toBe('system');
      expect(line.details.staff_id).toBe(riley.id);
      expect(String(line.details.rule)).toMatch(/RETENTION_[A-Z_]+/);
    }

    // A colleague still at work keeps everything.
    expect(await person(colleague.id)).toMatchObject({ emailAddress: colleague.emailAddress });
  });

  it('erases one kind of one person on demand with the same functions, whatever the clock says', async () => {
    const riley = await seedLeaver();
    const { storageKeys } = await db().transaction((tx) =>
      erasePersonalData({ tx, staffId: riley.id, kind: 'vehicles' }),
    );
    expect(storageKeys).toEqual([riley.insurance.storageKey]);
    await Promise.all(storageKeys.map((key) => t.app.services.storage.delete(key)));
    expect(await db().select().from(vehicles).where(eq(vehicles.staffId, riley.id))).toEqual([]);
    expect(await stored(riley.insurance.storageKey)).toBe(false);
    // Nothing else of theirs moved.
    expect(await stored(riley.signed.storageKey)).toBe(true);
    expect((await person(riley.id))!.selfieFileId).toBe(riley.selfie.id);
    // The job later finds no vehicle left to erase for them.
    const later = await run(daysAfter(yearsAfter(ACCESS_ENDS, 6), 1));
    expect((await erasedLines(riley.id)).filter((l) => l.details.kind === 'vehicles')).toEqual([]);
    expect(later).toMatchObject({ ran: true });
  });

  it('keeps sign-in history for its period and erases it the day after', async () => {
    const at = new Date('2025-01-10T12:00:00Z');
    const [sam] = await db()
      .select({ id: staff.id })
      .from(staff)
      .where(eq(staff.emailAddress, 'sam.taylor@example.com'));
    const [line] = await db()
      .insert(auditEvents)
      .values({ staffId: sam!.id, actor: 'anonymous', action: 'sign-in.password.failed', ip: '192.0.2.44', at })
      .returning();
    const present = async () =>
      (await db().select().from(auditEvents).where(eq(auditEvents.id, line!.id))).length === 1;
    await run(daysAfter(at, 179));
    expect(await present()).toBe(true);
    const result = await run(daysAfter(at, 181));
    expect(result.ran && result.signInLines).toBeGreaterThanOrEqual(1);
    expect(await present()).toBe(false);
    const [summary] = (await erasedLines(sam!.id)).filter((l) => l.details.kind === 'sign-in-history');
    expect(summary?.details).toMatchObject({ staff_id: sam!.id, lines: 1, rule: 'RETENTION_SIGN_IN_DAYS=180' });
  });

  it.skipIf(kind !== 'postgres')('erases each person once when two instances run it at the same time', async () => {
    const riley = await seedLeaver();
    // The same database, files and secrets, as every instance of one deployment shares them.
    const second = await createTestApp('postgres', {
      databaseUrl: t.databaseUrl,
      dataDir: t.dataDir,
      seed: false,
      env: { ...s3?.env },
    });
    try {
      const due = daysAfter(yearsAfter(ACCESS_ENDS, 6), 1);
      const rounds = await Promise.all([run(due), runRetention({ services: second.app.services, now: due })]);
      expect(rounds.some((r) => r.ran)).toBe(true);
      // Whichever stopped for the lock, a later round finds nothing left to erase.
      await run(due);
      expect(await person(riley.id)).toBeUndefined();
      const kinds = (await erasedLines(riley.id)).map((l) => l.details.kind);
      expect(kinds.filter((k) => k === 'staff-record')).toHaveLength(1);
      expect(new Set(kinds).size).toBe(kinds.length);
    } finally {
      await second.close();
    }
  });

  it.skipIf(kind !== 'postgres')('lets one instance erase at a time, through the database', async () => {
    const riley = await seedLeaver();
    const other = new pg.Client({ connectionString: t.databaseUrl });
    await other.connect();
    try {
      // Another instance mid-batch holds the lock: this one stops and erases nothing.
      await other.query('begin');
      await other.query('select pg_advisory_xact_lock(7431002)');
      expect(await run(yearsAfter(ACCESS_ENDS, 7))).toEqual({ ran: false });
      expect(await person(riley.id)).toBeDefined();
      await other.query('commit');
      expect((await run(yearsAfter(ACCESS_ENDS, 7))).ran).toBe(true);
      expect(await person(riley.id)).toBeUndefined();
    } finally {
      await other.end();
    }
  });
});
