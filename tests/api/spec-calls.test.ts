/**
 * The calls of the product's call table (docs/product.md#overview, the specification's section 7) are
 * all served and all described at `/api/docs`; the default upload call answers the file object with
 * its `uri`, like every other upload, and that address opens the file for a few minutes.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataUrl, simplePdf } from '../support/fixtures.js';
import { Browser, signIn } from './helpers/browser.js';
import { admin, linkOf, newEmail } from './helpers/joiners.js';
import { PORTAL } from './helpers/step-up.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const api = (path: string) => `${PORTAL}/api${path}`;

/** Every call of the call table, as method and path under /api (`{}` for a path parameter). */
const CALLS = [
  'GET /staff/self-service/auth',
  'POST /staff/self-service/process-authentication',
  'GET /staff/self-service/me',
  'POST /staff/self-service/logout',
  'POST /staff/self-service/financials',
  'POST /staff/self-service/contact-details',
  'POST /staff/self-service/personal',
  'POST /staff/self-service/image',
  'GET /staff/self-service/staff-discount-status',
  'GET /staff/self-service-onboard/{}',
  'POST /staff/self-service-onboard/{}',
  'GET /staff/self-service-onboard/{}/contract/text',
  'GET /staff/self-service-onboard/{}/contract/pdf',
  'POST /staff/self-service-onboard/{}/contract/sign',
  'POST /staff/self-service-onboard/{}/password',
  'GET /staff/employment/contract/{}',
  'POST /staff/employment/contract/{}/sign',
  'GET /staff/employment/contract/{}/pdf',
  'GET /staff/agreement/{}',
  'POST /staff/agreement/{}',
  'GET /staff/agreement/{}/pdf',
  'GET /rest/staff-survey/{}',
  'POST /rest/staff-survey/{}',
  'GET /rest/file/download/{}',
  'GET /staff/my-vehicles',
  'POST /staff/my-vehicles',
  'POST /staff/vehicle/{}/insurance-document',
  'POST /staff/self-service/{}/file',
  'POST /staff/self-service/upload-file',
  'POST /staff/self-service/file',
  'POST /rest/image/upload-public',
  'GET /bouncer/tfa/my-methods',
  'POST /bouncer/tfa-logged-in/initiate/{}',
  'POST /bouncer/tfa-logged-in/{}/verify',
];

describe('the calls of the call table', () => {
  let t: TestApp & { dropAll(): Promise<void> };
  let sam: Browser;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    sam = new Browser({ [PORTAL]: t.app });
    await signIn(sam, PORTAL, 'sam.taylor@example.com');
  });
  afterAll(() => t.dropAll());

  it('are every one described at /api/docs', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, unknown>>;
    const described = new Set(
      Object.entries(paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}')}`),
      ),
    );
    expect(CALLS.filter((call) => !described.has(call.replace(' /', ' /api/')))).toEqual([]);
  });

  it('answers the default upload call with the file object and a uri that opens it', async () => {
    const pdf = await simplePdf('Food hygiene certificate');
    const res = await sam.post(api('/staff/self-service/upload-file'), {
      file_data: dataUrl('application/pdf', pdf),
      filename: 'hygiene.pdf',
    });
    expect(res.status, res.body).toBe(200);
    const file = res.json().data as { id: string; original_filename: string; size: number; uri: string };
    expect(file).toMatchObject({
      original_filename: 'hygiene.pdf',
      size: pdf.byteLength,
      content_type: 'application/pdf',
    });
    expect(file.uri).toMatch(new RegExp(`^/api/rest/file/content/${file.id}\\?expires=\\d+&disposition=inline&sig=`));
    // The signature is the permission: it opens without the session, as a new window would.
    const opened = await t.app.inject({ url: file.uri });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(opened.rawPayload, Buffer.from(pdf))).toBe(0);
    // The same buckets as the document call.
    const elsewhere = await sam.post(api('/staff/self-service/upload-file'), {
      file_data: dataUrl('application/pdf', pdf),
      filename: 'x.pdf',
      bucket: 'survey',
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.json().errors.message).toBe('Files cannot be uploaded there.');
    expect(
      (
        await new Browser({ [PORTAL]: t.app }).post(api('/staff/self-service/upload-file'), {
          file_data: dataUrl('application/pdf', pdf),
          filename: 'x.pdf',
        })
      ).status,
    ).toBe(403);
  });

  it('gives every upload answer a uri', async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#357' } })
      .png()
      .toBuffer();
    const { token } = linkOf(
      await admin(t.app, 'invite', {
        forename: 'Ava',
        surname: 'Clarke',
        email: newEmail(),
        venue: 'The Lantern, York',
        position: 'Bartender',
        startDate: '2026-12-01',
      }),
      'onboard',
    );
    for (const [path, body] of [
      [`/staff/self-service/${token}/file`, { file_data: dataUrl('image/png', png), filename: 'passport.png' }],
      [
        '/staff/self-service/file',
        { file_data: dataUrl('application/pdf', await simplePdf('Insurance')), filename: 'insurance.pdf' },
      ],
      ['/rest/image/upload-public', { file_data: dataUrl('image/png', png), filename: 'bar.png' }],
    ] as const) {
      const res = await sam.post(api(path), body);
      expect(res.status, `${path}: ${res.body}`).toBe(200);
      const { id, uri } = res.json().data as { id: string; uri: string };
      expect((await t.app.inject({ url: uri })).statusCode, path).toBe(200);
      expect(uri).toContain(id);
    }
  });
});
