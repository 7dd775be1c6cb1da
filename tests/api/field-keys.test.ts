/**
 * Encryption keys that can be checked and changed (docs/operations.md#keys-and-secrets,
 * docs/decisions/0056-field-key-ids-and-rotation.md). A database sealed under key A, with a member's bank
 * details, a joiner who finished onboarding (in the payroll file with their bank details and NI number),
 * and an authenticator: a start with key B alone stops with the message that says what to do, and a
 * start with A still serves; a start with B and A as previous opens everything; `keys reseal` moves it
 * all under B, `keys status` then counts nothing under A, and a start with B alone still opens
 * everything, while one with A alone now stops.
 */
import { randomBytes, createCipheriv } from 'node:crypto';
import fs from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldKeyId } from '@server/lib/field-crypto.js';
import { fieldKeyChecks, staff } from '@server/db/schema.js';
import { signaturePng, simplePdf, dataUrl } from '../support/fixtures.js';
import { Browser, signedInBrowser } from './helpers/browser.js';
import { admin, goodAnswers, linkOf, newEmail } from './helpers/joiners.js';
import { PORTAL, stepUpByEmail } from './helpers/step-up.js';
import { createTestApp, DATABASES } from './helpers/test-app.js';

const api = (p: string) => `${PORTAL}/api${p}`;
const ukToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
const newKey = () => randomBytes(32).toString('base64');
const idOf = (key: string) => fieldKeyId(Buffer.from(key, 'base64'));
const MEMBER = 'riley.evans@example.com';
const HR = 'morgan.hughes@example.com';

/** A value as a release before key ids sealed it (`v1.<base64url(iv | tag | ciphertext)>`). */
function sealV1(key: string, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(key, 'base64'), iv, { authTagLength: 16 });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')}`;
}

describe.each(DATABASES)('encryption keys on %s', (kind) => {
  const [A, B] = [newKey(), newKey()];
  let dataDir: string;
  let databaseUrl: string | undefined;
  let joinerEmail: string;

  /** The app on the same database and data folder, with these keys. */
  const start = (env: Record<string, string>) => createTestApp(kind, { dataDir, databaseUrl, seed: false, env });

  /** What the member sees of their bank details after a second factor. */
  async function memberBankDetails(t: Awaited<ReturnType<typeof start>>) {
    const member = await signedInBrowser(t.app, PORTAL, MEMBER);
    await stepUpByEmail(member, t.dataDir, MEMBER);
    return (await member.get(api('/staff/self-service/financials'))).json().data;
  }

  /** The joiner's row of HR's payroll file from today. */
  async function payrollRow(t: Awaited<ReturnType<typeof start>>) {
    const hr = await signedInBrowser(t.app, PORTAL, HR);
    await stepUpByEmail(hr, t.dataDir, HR);
    const res = await hr.get(api(`/admin/payroll.csv?since=${ukToday()}`));
    expect(res.status, res.body).toBe(200);
    const rows: Record<string, string>[] = parse(res.body, { columns: true });
    return rows.find((row) => row.email_address === joinerEmail);
  }

  const filledRow = { bank_account: '40817263', sort_code: '20-71-54', national_insurance_number: 'AB 12 34 56 C' };

  beforeAll(async () => {
    const t = await createTestApp(kind, { env: { ENCRYPTION_KEY: A } });
    dataDir = t.dataDir;
    databaseUrl = t.databaseUrl;
    await admin(t.app, 'role grant', { staff: HR, role: 'hr' });
    // A member's bank details, saved in My Details.
    const member = await signedInBrowser(t.app, PORTAL, MEMBER);
    await stepUpByEmail(member, t.dataDir, MEMBER);
    const saved = await member.post(api('/staff/self-service/financials'), {
      bank_account: '55501234',
      sort_code: '40-47-84',
    });
    expect(saved.status, saved.body).toBe(200);
    // A joiner through their link to the end: sealed answers, then bank details in the staff record.
    joinerEmail = newEmail('rotation');
    const { token } = linkOf(
      await admin(t.app, 'invite', {
        forename: 'Noor',
        surname: 'Ali',
        email: joinerEmail,
        venue: 'The Lantern, York',
        position: 'Bartender',
        startDate: '2099-01-04',
      }),
      'onboard',
    );
    const link = new Browser({ [PORTAL]: t.app });
    const base = api(`/staff/self-service-onboard/${token}`);
    expect((await link.get(base)).status).toBe(200);
    const passport = await link.post(api(`/staff/self-service/${token}/file`), {
      file_data: dataUrl('application/pdf', await simplePdf('Passport')),
      filename: 'passport.pdf',
    });
    expect(passport.status, passport.body).toBe(200);
    const details = await link.post(base, {
      fields: { ...goodAnswers(passport.json().data), bank_account: '4081 7263', sort_code: '20-71-54' },
    });
    expect(details.status, details.body).toBe(200);
    expect((await link.post(`${base}/contract/sign`, { signature_data: await signaturePng() })).status).toBe(200);
    const done = await link.post(`${base}/password`, { password: 'Welcome123', password_check: 'Welcome123' });
    expect(done.status, done.body).toBe(200);
    // An authenticator's secret.
    await admin(t.app, 'tfa add-authenticator', { staff: 'sam.taylor@example.com' });
    // And one value as a release before key ids sealed it.
    const [row] = await t.app.database.db.select().from(staff).where(eq(staff.emailAddress, MEMBER));
    await t.app.database.db
      .update(staff)
      .set({ sortCodeSealed: sealV1(A, '404784', `staff:${row!.id}:sort_code`) })
      .where(eq(staff.id, row!.id));
    await t.close();
  });

  afterAll(async () => {
    if (databaseUrl) {
      const name = new URL(databaseUrl).pathname.slice(1);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const mismatch = (under: string, configured: string) =>
    `ENCRYPTION_KEY does not open the data in this database (sealed under key id ${under}; the configured key is ${configured}). Start with the key kept with this database's backups, or list the old key in ENCRYPTION_KEYS_PREVIOUS while re-sealing.`;

  it('stops a start whose key does not open the data, saying so; the right key starts and serves it', async () => {
    const refused = start({ ENCRYPTION_KEY: B });
    await expect(refused).rejects.toThrow(mismatch(idOf(A), idOf(B)));
    await expect(refused).rejects.not.toThrow(A);

    const t = await start({ ENCRYPTION_KEY: A });
    expect(await memberBankDetails(t)).toEqual({ bank_account: '55501234', sort_code: '40-47-84' });
    expect(await payrollRow(t)).toMatchObject(filledRow);
    await t.close();
  });

  it('checks a database from before check values by opening its sealed data', async () => {
    const t = await start({ ENCRYPTION_KEY: A });
    await t.app.database.db.delete(fieldKeyChecks);
    await t.close();
    await expect(start({ ENCRYPTION_KEY: B })).rejects.toThrow(mismatch(idOf(A), idOf(B)));
    // The right key opens it, and the start writes the check value it lacked.
    const again = await start({ ENCRYPTION_KEY: A });
    expect((await again.app.database.db.select().from(fieldKeyChecks)).map((c) => c.kid)).toEqual([idOf(A)]);
    await again.close();
  });

  it('rotates: the new key with the old one as previous opens everything; reseal; then the new key alone does', async () => {
    const rotating = await start({ ENCRYPTION_KEY: B, ENCRYPTION_KEYS_PREVIOUS: A });
    expect(await memberBankDetails(rotating)).toEqual({ bank_account: '55501234', sort_code: '40-47-84' });
    expect(await payrollRow(rotating)).toMatchObject(filledRow);

    const before = await admin(rotating.app, 'keys status', {});
    const countOf = (lines: string[], label: string) =>
      Number(
        lines
          .find((line) => line.includes(label))
          ?.trim()
          .split(/\s+/)
          .at(-1),
      );
    const underA = countOf(before, `${idOf(A)} (previous)`);
    expect(underA).toBeGreaterThanOrEqual(4);
    expect(countOf(before, 'sealed before key ids')).toBe(1);
    expect(before.at(-1)).toMatch(/values are not under the current key .* yet: run keys reseal/);

    const resealed = await admin(rotating.app, 'keys reseal', { batch: 2 });
    expect(resealed).toContain('staff.bank_account_sealed: 2 re-sealed.');
    expect(resealed).toContain('tfa_methods.secret_sealed: 1 re-sealed.');
    expect(resealed.at(-1)).toBe(
      `Done: every sealed value is under the current key ${idOf(B)}. keys status says the same.`,
    );

    const after = await admin(rotating.app, 'keys status', {});
    expect(countOf(after, `${idOf(A)} (previous)`)).toBe(0);
    expect(countOf(after, 'sealed before key ids')).toBeNaN();
    expect(after.at(-1)).toBe(
      `Every sealed value is under the current key ${idOf(B)}: ENCRYPTION_KEYS_PREVIOUS can be dropped.`,
    );
    // Resumable: nothing left to do.
    expect(await admin(rotating.app, 'keys reseal', {})).toContain('staff.bank_account_sealed: 0 re-sealed.');
    await rotating.close();

    const rotated = await start({ ENCRYPTION_KEY: B });
    expect(await memberBankDetails(rotated)).toEqual({ bank_account: '55501234', sort_code: '40-47-84' });
    expect(await payrollRow(rotated)).toMatchObject(filledRow);
    await rotated.close();

    await expect(start({ ENCRYPTION_KEY: A })).rejects.toThrow(mismatch(idOf(B), idOf(A)));
  });
});
