/**
 * The member's language (docs/decisions/0069-member-language.md): kept on their record by
 * `POST /staff/self-service/language`, answered by `/me` only once chosen (English members' answer is
 * unchanged), refused for a language the staff side does not have and for anyone signed out.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staff } from '@server/db/schema.js';
import { Browser, signedInBrowser } from './helpers/browser.js';
import { PORTAL } from './helpers/step-up.js';
import { createTestApp, DATABASES, type TestApp } from './helpers/test-app.js';

const api = (p: string) => `${PORTAL}/api${p}`;

describe.each(DATABASES)('The member’s language on %s', (kind) => {
  let t: TestApp & { dataDir: string; dropAll(): Promise<void> };
  const languageOf = async (email: string) =>
    (await t.app.database.db.select().from(staff).where(eq(staff.emailAddress, email)))[0]!.language;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.dropAll());

  it('keeps the chosen language on the record and in /me, and forgets it when English is chosen again', async () => {
    const email = 'riley.evans@example.com';
    const b = await signedInBrowser(t.app, PORTAL, email);
    const before = await b.get(api('/staff/self-service/me'));
    expect(before.json().data).not.toHaveProperty('language');

    const chosen = await b.request('POST', api('/staff/self-service/language'), { body: { language: 'pl' } });
    expect(chosen.status).toBe(200);
    expect(chosen.json()).toEqual({ data: { language: 'pl' } });
    expect(await languageOf(email)).toBe('pl');
    expect((await b.get(api('/staff/self-service/me'))).json().data.language).toBe('pl');

    const english = await b.request('POST', api('/staff/self-service/language'), { body: { language: null } });
    expect(english.json()).toEqual({ data: { language: null } });
    expect(await languageOf(email)).toBeNull();
    expect((await b.get(api('/staff/self-service/me'))).json().data).not.toHaveProperty('language');
  });

  it('refuses a language it does not have (400, nothing kept) and anyone signed out (403)', async () => {
    const email = 'sam.taylor@example.com';
    const b = await signedInBrowser(t.app, PORTAL, email);
    for (const language of ['de', 'en-GB', '', 7]) {
      const res = await b.request('POST', api('/staff/self-service/language'), { body: { language } });
      expect(res.status).toBe(400);
      expect(res.json().errors).toBeDefined();
    }
    expect(await languageOf(email)).toBeNull();
    const anon = await new Browser({ [PORTAL]: t.app }).request('POST', api('/staff/self-service/language'), {
      body: { language: 'pl' },
      xsrf: false,
    });
    expect(anon.status).toBe(403);
  });
});
