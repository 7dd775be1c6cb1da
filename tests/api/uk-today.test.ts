/**
 * "Today" is the UK's (docs/product.md#dates-and-the-uk-day): with the server on UTC at 23:30 UTC in
 * British Summer Time it is already the next day in London, for ages, the under-18 flag and `{{today}}`.
 */
process.env.TZ = 'UTC';

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCommand } from '@server/cli/run-command.js';
import { staff } from '@server/db/schema.js';
import { discountCode, discountKey, discountWindow } from '@server/modules/team-discount/code.js';
import { Browser, signedInBrowser } from './helpers/browser.js';
import { admin, bytesOption, linkOf } from './helpers/joiners.js';
import { PORTAL } from './helpers/step-up.js';
import { createTestApp, DATABASES, type TestApp } from './helpers/test-app.js';

/** 00:30 on 15 July 2026 in London (BST), still 14 July on the server's UTC clock. */
const LATE_EVENING_UTC = new Date('2026-07-14T23:30:00Z');
const SAM = 'sam.taylor@example.com';
const api = (p: string) => `${PORTAL}/api${p}`;

describe.each(DATABASES)('the UK day on %s', (kind) => {
  let t: TestApp & { dataDir: string; dropAll(): Promise<void> };

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: LATE_EVENING_UTC });
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.dropAll();
    vi.useRealTimers();
  });

  it('counts an 18th birthday on 15 July as reached at 23:30 UTC on 14 July', async () => {
    expect(new Date().getUTCDate()).toBe(14);
    await t.app.database.db.update(staff).set({ dateOfBirth: '2008-07-15' }).where(eq(staff.emailAddress, SAM));
    const sam = await signedInBrowser(t.app, PORTAL, SAM);
    expect((await sam.get(api('/staff/self-service/me'))).json().data.age).toBe(18);

    const created = await runCommand({
      services: t.app.services,
      name: 'till-key create',
      options: { venue: 'The Lantern, Leeds' },
    });
    const tillKey = created.lines.at(-1)!;
    const [row] = await t.app.database.db.select().from(staff).where(eq(staff.emailAddress, SAM));
    const { index } = discountWindow(new Date(), 24 * 3600 * 1000);
    const till = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/discount/verify',
        headers: { authorization: `Bearer ${tillKey}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ code }),
      });
    const code = discountCode(discountKey(t.app.services.appSecret), row!.staffNumber, index);
    expect((await till(code)).json().data).toMatchObject({ valid: true, age: 18, under_18: false });

    // A day younger is still 17 in London.
    await t.app.database.db.update(staff).set({ dateOfBirth: '2008-07-16' }).where(eq(staff.emailAddress, SAM));
    expect((await till(code)).json().data).toMatchObject({ valid: true, age: 17, under_18: true });
  });

  it('renders {{today}} in a template as the date in London', async () => {
    const lines = await admin(t.app, 'agreement issue', {
      staff: SAM,
      template: bytesOption('today.html', '<h1>Dated</h1><p>Issued {{today}}.</p>'),
    });
    const { token } = linkOf(lines, 'agreement');
    const res = await new Browser({ [PORTAL]: t.app }).get(api(`/staff/agreement/${token}?include=rendered`));
    expect(res.status).toBe(200);
    expect(res.json().data.template).toContain('Issued 15/07/2026.');
  });
});
