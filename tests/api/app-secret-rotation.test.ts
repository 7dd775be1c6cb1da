/**
 * APP_SECRET rotation (docs/operations.md#keys-and-secrets): what a member was given under the old
 * secret (the discount card's code, shown to a till, and the card's selfie link) still works after a
 * restart with the new secret and the old one in APP_SECRET_PREVIOUS, and stops working once the old
 * one is dropped. New codes come from the new secret.
 */
import fs from 'node:fs/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataUrl, jpegWithExif } from '../support/fixtures.js';
import { Browser, signedInBrowser } from './helpers/browser.js';
import { admin } from './helpers/joiners.js';
import { PORTAL } from './helpers/step-up.js';
import { createTestApp, DATABASES } from './helpers/test-app.js';

const api = (p: string) => `${PORTAL}/api${p}`;
const [OLD, NEW] = ['o'.repeat(24) + 'old-secret-1', 'n'.repeat(24) + 'new-secret-2'];

describe.each(DATABASES)('an APP_SECRET rotation on %s', (kind) => {
  let dataDir: string;
  let databaseUrl: string | undefined;
  let tillKey: string;
  let card: { code: string; selfie: string };

  const start = (env: Record<string, string>) => createTestApp(kind, { dataDir, databaseUrl, seed: false, env });

  beforeAll(async () => {
    const t = await createTestApp(kind, { env: { APP_SECRET: OLD } });
    dataDir = t.dataDir;
    databaseUrl = t.databaseUrl;
    tillKey = (await admin(t.app, 'till-key create', { venue: 'The Lantern, Leeds' })).at(-1)!;
    const member = await signedInBrowser(t.app, PORTAL, 'riley.evans@example.com');
    const selfie = await member.post(api('/staff/self-service/image'), {
      image_data: dataUrl('image/jpeg', await jpegWithExif()),
    });
    expect(selfie.status, selfie.body).toBe(200);
    card = (await member.get(api('/staff/self-service/staff-discount-status'))).json().data;
    await t.close();
  });

  afterAll(async () => {
    if (databaseUrl) {
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      await client.query(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
      await client.end();
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  /** What a till hears of `code`, and whether the selfie link opens, on app `t`. */
  async function check(t: Awaited<ReturnType<typeof start>>, code: string) {
    const verdict = await t.app.inject({
      method: 'POST',
      url: '/api/discount/verify',
      headers: { authorization: `Bearer ${tillKey}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ code }),
    });
    const selfie = await new Browser({ [PORTAL]: t.app }).get(`${PORTAL}${card.selfie}`);
    return { valid: verdict.json().data.valid as boolean, selfie: selfie.status };
  }

  it('keeps codes and links issued under the previous secret good while it is listed', async () => {
    const t = await start({ APP_SECRET: NEW, APP_SECRET_PREVIOUS: OLD });
    expect(await check(t, card.code)).toEqual({ valid: true, selfie: 200 });
    // The card now shows a code under the new secret, which the till takes too.
    const member = await signedInBrowser(t.app, PORTAL, 'riley.evans@example.com');
    const fresh = (await member.get(api('/staff/self-service/staff-discount-status'))).json().data;
    expect(fresh.code).not.toBe(card.code);
    expect((await check(t, fresh.code)).valid).toBe(true);
    await t.close();
  });

  it('refuses them once the previous secret is dropped', async () => {
    const t = await start({ APP_SECRET: NEW });
    expect(await check(t, card.code)).toEqual({ valid: false, selfie: 403 });
    await t.close();
  });
});
