/**
 * Text PostgreSQL cannot store (a NUL, a lone UTF-16 surrogate) in any query string, path parameter,
 * JSON or form field of any operation /api/docs describes, sent by HR, by staff and by nobody, and in
 * the provider's sign-in form and token endpoint: never a 500, and a field of the API answers 400 in
 * the error envelope naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '@server/cli/run-command.js';
import { Browser, openSignInForm, signedInBrowser } from './helpers/browser.js';
import { createTestApp, DATABASES } from './helpers/test-app.js';

const PORTAL = 'http://localhost:3000';
/** What cannot be stored, as a JSON value and as a URL component. */
const BAD = [
  { name: 'NUL', json: 'a\u0000b', url: 'a%00b' },
  { name: 'lone surrogate', json: 'a\ud800b', url: null },
] as const;

interface Operation {
  method: string;
  path: string;
  params: { name: string; in: string }[];
  bodyFields: string[];
}

describe.each(DATABASES)('unstorable text on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let operations: Operation[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    await runCommand({
      services: t.app.services,
      name: 'role grant',
      options: { staff: 'morgan.hughes@example.com', role: 'hr' },
    });
    // The whole description, console included (/api/docs shows the console's part to HR only).
    await t.app.ready();
    const doc = t.app.swagger() as { paths: Record<string, Record<string, any>> };
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        params: (op.parameters ?? []) as Operation['params'],
        bodyFields: Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
      })),
    );
  });
  afterAll(() => t.dropAll());

  it('answers every operation 400, never 500, for each field that carries it', async () => {
    const callers: [string, Browser][] = [
      ['HR', await signedInBrowser(t.app, PORTAL, 'morgan.hughes@example.com')],
      ['staff', await signedInBrowser(t.app, PORTAL, 'sam.taylor@example.com')],
      ['nobody', new Browser({ [PORTAL]: t.app })],
    ];
    const fiveHundreds: string[] = [];
    const accepted: string[] = [];
    let sent = 0;
    let named = 0;
    for (const [who, browser] of callers) {
      for (const op of operations) {
        const fill = (name: string, value: string) =>
          op.path.replace(/\{([^}]+)\}/g, (_, param: string) => (param === name ? value : 'x'));
        const tries: { field: string; url: string; body?: unknown }[] = [];
        for (const bad of BAD) {
          for (const p of op.params) {
            if (p.in === 'path' && bad.url) tries.push({ field: p.name, url: fill(p.name, bad.url) });
            if (p.in === 'query' && bad.url) tries.push({ field: p.name, url: `${fill('', '')}?${p.name}=${bad.url}` });
          }
          for (const field of op.bodyFields) tries.push({ field, url: fill('', ''), body: { [field]: bad.json } });
          // A nested value: arrays and objects of answers, vehicles, fields.
          if (op.bodyFields.length) tries.push({ field: 'x.y.0', url: fill('', ''), body: { x: { y: [bad.json] } } });
        }
        for (const attempt of tries) {
          const res = await browser.request(op.method, `${PORTAL}${attempt.url}`, {
            ...(attempt.body ? { body: attempt.body } : {}),
          });
          sent++;
          if (res.status >= 500)
            fiveHundreds.push(`${who} ${op.method} ${attempt.url} (${attempt.field}): ${res.status}`);
          else if (![400, 401, 403, 404, 405, 429].includes(res.status)) {
            // Staff and nobody may be refused earlier (401, 403, 404) for routes that are not theirs.
            accepted.push(`${who} ${op.method} ${attempt.url} (${attempt.field}): ${res.status}`);
          } else if (res.status === 400 && res.json().errors.fields?.[0]?.field === attempt.field) {
            named++;
          }
        }
      }
    }
    expect(fiveHundreds).toEqual([]);
    expect(accepted).toEqual([]);
    expect(sent).toBeGreaterThan(200);
    // Most refusals name the field at fault (a path segment the router cannot match answers 404).
    expect(named).toBeGreaterThan(sent / 2);
  });

  it('names the field in the envelope for a JSON body, a query string and a path', async () => {
    const hr = await signedInBrowser(t.app, PORTAL, 'morgan.hughes@example.com');
    const search = await hr.get(`${PORTAL}/api/admin/people?search=ab%00c`);
    expect(search.status).toBe(400);
    expect(search.json().errors).toEqual({
      message: 'The request contains a character that is not allowed.',
      code: 'BAD_REQUEST',
      fields: [{ field: 'search', error: 'Contains a character that is not allowed (NUL).' }],
    });
    const staffMember = await signedInBrowser(t.app, PORTAL, 'sam.taylor@example.com');
    const save = await staffMember.request('POST', `${PORTAL}/api/staff/self-service/contact-details`, {
      body: { mobile: '07700 900123', nok_name: 'Pat\ud800' },
    });
    expect(save.status).toBe(400);
    expect(save.json().errors.fields).toEqual([
      { field: 'nok_name', error: 'Contains a character that is not allowed (an unpaired surrogate).' },
    ]);
  });

  it("refuses them in the provider's sign-in form and token endpoint, never 500", async () => {
    const browser = new Browser({ [PORTAL]: t.app });
    const action = await openSignInForm(browser, PORTAL);
    const form = await browser.request('POST', action, { form: { email: 'sam\u0000@example.com', password: 'x' } });
    expect(form.status).toBe(400);
    const token = await t.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=authorization_code&code=a%00b&client_id=staffroom-portal&redirect_uri=x',
    });
    expect(token.statusCode).toBeLessThan(500);
  });
});
