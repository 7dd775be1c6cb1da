/**
 * The console's Set-up through the API (docs/product.md#set-up): positions listed to any console role and
 * changed only by HR (duplicates among the active ones refused whatever their case, audited), and the
 * onboarding fieldsets listed and opened for the preview, a venue change asking nothing answered as it is;
 * staff without a role are refused every call.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '@server/cli/run-command.js';
import { auditEvents } from '@server/db/schema.js';
import { signedInBrowser, type Browser } from './helpers/browser.js';
import { PORTAL } from './helpers/step-up.js';
import { createTestApp, DATABASES, type TestApp } from './helpers/test-app.js';

const api = (p: string) => `${PORTAL}/api${p}`;
const NO_ACCESS = 'You do not have access to the HR console.';
const HR_ONLY = 'Only HR can do that.';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe.each(DATABASES)('The console’s set-up on %s', (kind) => {
  let t: TestApp & { dataDir: string; dropAll(): Promise<void> };
  const command = (name: string, options: Record<string, unknown>) =>
    runCommand({ services: t.app.services, name, options });
  // One session per person for the whole file: sign-in is rate-limited per address.
  const sessions = new Map<string, Promise<Browser>>();
  const signedIn = (email: string) => {
    if (!sessions.has(email)) sessions.set(email, signedInBrowser(t.app, PORTAL, email));
    return sessions.get(email)!;
  };
  const names = (res: { json(): { data: { name: string }[] } }) => res.json().data.map((p) => p.name);

  beforeAll(async () => {
    t = await createTestApp(kind);
    await command('role grant', { staff: 'riley.evans@example.com', role: 'manager', venue: ['The Lantern, Leeds'] });
    await command('role grant', { staff: 'morgan.hughes@example.com', role: 'hr' });
  });
  afterAll(() => t.dropAll());

  it('refuses every set-up call to staff without a role (403)', async () => {
    const sam = await signedIn('sam.taylor@example.com');
    const calls = [
      () => sam.get(api('/admin/positions')),
      () => sam.post(api('/admin/positions'), { name: 'Glass Collector' }),
      () => sam.post(api(`/admin/positions/${UNKNOWN}`), { archived: true }),
      () => sam.get(api('/admin/fieldsets')),
      () => sam.get(api(`/admin/fieldsets/${UNKNOWN}`)),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.status, res.body).toBe(403);
      expect(res.json().errors).toEqual({ message: NO_ACCESS, code: 'FORBIDDEN' });
    }
  });

  it('lists the seeded positions to a manager, who may not change them', async () => {
    const manager = await signedIn('riley.evans@example.com');
    const listed = await manager.get(api('/admin/positions'));
    expect(listed.status, listed.body).toBe(200);
    expect(names(listed)).toEqual(expect.arrayContaining(['Bartender', 'Kitchen Porter']));
    const bartender = listed.json().data.find((p: { name: string }) => p.name === 'Bartender');
    expect(bartender).toEqual({
      id: expect.any(String),
      name: 'Bartender',
      archived: false,
      created_at: expect.any(String),
    });

    const add = await manager.post(api('/admin/positions'), { name: 'Glass Collector' });
    expect(add.status).toBe(403);
    expect(add.json().errors).toEqual({ message: HR_ONLY, code: 'FORBIDDEN' });
    const change = await manager.post(api(`/admin/positions/${bartender.id}`), { archived: true });
    expect(change.status).toBe(403);
    expect(names(await manager.get(api('/admin/positions')))).toContain('Bartender');
  });

  it('lets HR add, rename, archive and bring back positions, refusing duplicates among the active ones, audited', async () => {
    const hr = await signedIn('morgan.hughes@example.com');
    const name = `Glass Collector (${kind})`;

    for (const body of [{}, { name: '   ' }, { name: 'x'.repeat(101) }, { name: 7 }]) {
      const res = await hr.post(api('/admin/positions'), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const blank = await hr.post(api('/admin/positions'), { name: ' ' });
    expect(blank.json().errors.fields).toContainEqual({ field: 'name', error: 'Enter the position’s name' });

    const added = await hr.post(api('/admin/positions'), { name: `  ${name}  ` });
    expect(added.status, added.body).toBe(200);
    const position = added.json().data;
    expect(position).toMatchObject({ name, archived: false });

    // The same name, in another case, is a duplicate: 409 with the field named.
    const twice = await hr.post(api('/admin/positions'), { name: name.toUpperCase() });
    expect(twice.status).toBe(409);
    expect(twice.json().errors.fields).toEqual([{ field: 'name', error: 'Another position has this name' }]);
    const renameOnto = await hr.post(api(`/admin/positions/${position.id}`), { name: 'bartender' });
    expect(renameOnto.status).toBe(409);

    const renamed = await hr.post(api(`/admin/positions/${position.id}`), { name: `${name} & Runner` });
    expect(renamed.status, renamed.body).toBe(200);
    expect(renamed.json().data.name).toBe(`${name} & Runner`);

    const archived = await hr.post(api(`/admin/positions/${position.id}`), { archived: true });
    expect(archived.json().data.archived).toBe(true);
    // Archived: last in the list, and its name free for a new position...
    const list = (await hr.get(api('/admin/positions'))).json().data as { name: string; archived: boolean }[];
    expect(list.at(-1)).toMatchObject({ archived: true });
    const again = await hr.post(api('/admin/positions'), { name: `${name} & Runner` });
    expect(again.status, again.body).toBe(200);
    // ...so the old one cannot come back under the same name while the new one is active.
    const back = await hr.post(api(`/admin/positions/${position.id}`), { archived: false });
    expect(back.status).toBe(409);
    await hr.post(api(`/admin/positions/${again.json().data.id}`), { archived: true });
    const backNow = await hr.post(api(`/admin/positions/${position.id}`), { archived: false });
    expect(backNow.status, backNow.body).toBe(200);
    expect(backNow.json().data.archived).toBe(false);

    expect((await hr.post(api(`/admin/positions/${UNKNOWN}`), { archived: true })).status).toBe(404);
    expect((await hr.post(api('/admin/positions/not-an-id'), { archived: true })).status).toBe(404);
    expect((await hr.post(api(`/admin/positions/${position.id}`), { archived: 'yes' })).status).toBe(400);
    const nothing = await hr.post(api(`/admin/positions/${position.id}`), {});
    expect(nothing.status, nothing.body).toBe(200);
    expect(nothing.json().data).toMatchObject({ name: `${name} & Runner`, archived: false });

    const events = await t.app.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'position.changed'));
    const mine = events.filter((event) => event.details.position_id === position.id);
    // Renamed, archived, brought back: the refused change left no trace.
    expect(mine.length).toBe(3);
    expect(mine.every((event) => event.actor.startsWith('staff:'))).toBe(true);
    const [addedEvent] = (
      await t.app.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'position.added'))
    ).filter((event) => event.details.position_id === position.id);
    expect(addedEvent?.details).toEqual({ position_id: position.id, name });
  });

  it('answers a venue change that asks for nothing with the venue as it is', async () => {
    const hr = await signedIn('morgan.hughes@example.com');
    const [venue] = (await hr.get(api('/admin/venues'))).json().data;
    const res = await hr.post(api(`/admin/venues/${venue.id}`), {});
    expect(res.status, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: venue.id, name: venue.name, brand: venue.brand });
  });

  it('lists fieldsets with their field counts and opens one for the preview', async () => {
    const hr = await signedIn('morgan.hughes@example.com');
    const manager = await signedIn('riley.evans@example.com');
    const content = JSON.stringify({
      name: `Kitchen joiner (${kind})`,
      fields: [
        { id: 1, name: 'intro', label: 'About the kitchen', type: 'title' },
        { id: 2, name: 'shoe_size', label: 'Shoe size', type: 'number', required: true },
        {
          id: 3,
          name: 'whites',
          label: 'Chef whites',
          type: 'radio',
          allowed_values: [
            { key: 'y', value: 'Yes' },
            { key: 'n', value: 'No' },
          ],
        },
      ],
    });
    const imported = await hr.post(api('/admin/fieldsets'), { filename: 'kitchen.json', content });
    expect(imported.status, imported.body).toBe(200);

    const listed = await manager.get(api('/admin/fieldsets'));
    expect(listed.status).toBe(200);
    const [newest] = listed.json().data;
    expect(newest).toEqual({
      id: imported.json().data.id,
      name: `Kitchen joiner (${kind})`,
      fields: 3,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    // The demo's fieldset is there too.
    expect(listed.json().data.length).toBeGreaterThan(1);

    const opened = await manager.get(api(`/admin/fieldsets/${newest.id}`));
    expect(opened.status, opened.body).toBe(200);
    expect(opened.json().data.fields.map((f: { name: string }) => f.name)).toEqual(['intro', 'shoe_size', 'whites']);
    expect(opened.json().data.fields[1]).toMatchObject({ type: 'number', required: true, dependent_field: null });

    expect((await hr.get(api(`/admin/fieldsets/${UNKNOWN}`))).status).toBe(404);
    expect((await hr.get(api('/admin/fieldsets/kitchen'))).status).toBe(404);
    const bad = await hr.post(api('/admin/fieldsets'), {
      filename: 'bad.yaml',
      content: 'name: Bad\nfields: [{ id: 1, name: x, label: X, type: slider }]\n',
    });
    expect(bad.status).toBe(400);
    expect(bad.json().errors.message).toContain('bad.yaml is not a valid fieldset');
  });
});
