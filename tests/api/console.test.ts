/**
 * The HR and venue-manager console through the API (docs/product.md#console): roles granted by the CLI and
 * by HR after a second factor, every call refused to staff without a role, the people list searched,
 * sorted and paged, a manager confined to their venues (another venue's person is 404 whatever the
 * call), and every action audited.
 */
import dayjs from 'dayjs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '@server/cli/run-command.js';
import { readOutbox } from '@server/lib/mailer.js';
import { todayInUk } from '@server/lib/uk-days.js';
import { auditEvents, documents, staff, venueManagers, venues } from '@server/db/schema.js';
import { Browser, signedInBrowser } from './helpers/browser.js';
import { dataUrl, simplePdf } from '../support/fixtures.js';
import { bytesOption } from './helpers/joiners.js';
import { PORTAL, stepUpByEmail } from './helpers/step-up.js';
import { createTestApp, DATABASES, type TestApp } from './helpers/test-app.js';

const api = (p: string) => `${PORTAL}/api${p}`;
const NO_ACCESS = 'You do not have access to the HR console.';
const NOT_FOUND = 'That person was not found.';

describe.each(DATABASES)('The console on %s', (kind) => {
  let t: TestApp & { dataDir: string; dropAll(): Promise<void> };
  const idOf = async (email: string) =>
    (await t.app.database.db.select({ id: staff.id }).from(staff).where(eq(staff.emailAddress, email)))[0]!.id;
  const command = (name: string, options: Record<string, unknown>) =>
    runCommand({ services: t.app.services, name, options });
  // One session per person for the whole file (sign-in is rate-limited per address); `fresh` for a new one.
  const sessions = new Map<string, Promise<Browser>>();
  const fresh = (email: string) => signedInBrowser(t.app, PORTAL, email);
  const signedIn = (email: string) => {
    if (!sessions.has(email)) sessions.set(email, fresh(email));
    return sessions.get(email)!;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    // A manager of The Lantern, Leeds (Sam works there) and HR (Morgan, at Chester).
    expect(
      (
        await command('role grant', {
          staff: 'riley.evans@example.com',
          role: 'manager',
          venue: ['The Lantern, Leeds'],
        })
      ).lines,
    ).toEqual(['riley.evans@example.com now manages The Lantern, Leeds in the console.']);
    expect((await command('role grant', { staff: 'morgan.hughes@example.com', role: 'hr' })).lines).toEqual([
      'morgan.hughes@example.com is now HR in the console.',
    ]);
  });
  afterAll(() => t.dropAll());

  it('refuses every console call to staff without a role (403), and to anyone signed out', async () => {
    const sam = await signedIn('sam.taylor@example.com');
    const someone = await idOf('jamie.patel@example.com');
    const calls = [
      () => sam.get(api('/admin/me')),
      () => sam.get(api('/admin/people')),
      () => sam.get(api(`/admin/people/${someone}`)),
      () => sam.post(api(`/admin/people/${someone}/selfie-reset`)),
      () => sam.post(api(`/admin/people/${someone}/training-complete`)),
      () => sam.post(api(`/admin/people/${someone}/role`), { role: 'hr' }),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.status, res.body).toBe(403);
      expect(res.json().errors).toEqual({ message: NO_ACCESS, code: 'FORBIDDEN' });
    }
    const anon = await new Browser({ [PORTAL]: t.app }).get(api('/admin/people'));
    expect(anon.status).toBe(403);
    expect(anon.json().errors.code).toBe('NOT_SIGNED_IN');
    expect((await sam.get(api('/staff/self-service/me'))).json().data.console_role).toBeNull();
  });

  it('lets HR list everyone, searched, sorted and paged, and see a person with bank details masked', async () => {
    const hr = await signedIn('morgan.hughes@example.com');
    expect((await hr.get(api('/staff/self-service/me'))).json().data.console_role).toBe('hr');
    const me = (await hr.get(api('/admin/me'))).json().data;
    expect(me.role).toBe('hr');
    expect(me.venues.map((v: { name: string }) => v.name)).toContain('Salt & Ember, Liverpool');

    const all = (await hr.get(api('/admin/people?per_page=100'))).json();
    const emails = all.data.map((p: { email_address: string }) => p.email_address);
    expect(emails).toEqual(
      expect.arrayContaining([
        'sam.taylor@example.com',
        'jamie.patel@example.com',
        'riley.evans@example.com',
        'alex.morgan@example.com',
      ]),
    );
    expect(all.meta.total).toBe(all.data.length);
    // Sorted by surname, then forename.
    const surnames = all.data.map((p: { name: string }) => p.name.split(' ').at(-1));
    expect(surnames).toEqual(
      [...surnames].sort((a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
    );

    const page2 = (await hr.get(api('/admin/people?per_page=2&page=2&sort=name&direction=desc'))).json();
    expect(page2.meta).toEqual({ page: 2, per_page: 2, total: all.meta.total, next: expect.any(String) });
    expect(page2.data).toHaveLength(2);

    const found = (await hr.get(api('/admin/people?search=PATEL'))).json();
    expect(found.data.map((p: { email_address: string }) => p.email_address)).toEqual(['jamie.patel@example.com']);
    // LIKE's wildcards are searched for as themselves.
    expect((await hr.get(api('/admin/people?search=%25'))).json().data).toEqual([]);
    // An address is searched anywhere in it, across the @ as well as within either side of it.
    for (const fragment of ['taylor@EXAMPLE', 's@e', '@example.co', 'e.com', 'hughes@example.com', 'example.com@']) {
      const matched = (await hr.get(api(`/admin/people?per_page=100&search=${encodeURIComponent(fragment)}`))).json();
      const expected = emails.filter((e: string) => e.toLowerCase().includes(fragment.toLowerCase()));
      expect(matched.data.map((p: { email_address: string }) => p.email_address).sort(), fragment).toEqual(
        expected.sort(),
      );
      expect(matched.meta.total, fragment).toBe(expected.length);
    }
    expect(emails.filter((e: string) => e.includes('s@e')).length).toBeGreaterThan(1);
    const joiner = (await hr.get(api('/admin/people?search=alex.morgan'))).json().data[0];
    expect(joiner).toMatchObject({
      name: 'Alex Morgan',
      venue: 'The Lantern, Leeds',
      onboarding: 'details',
      role: null,
    });

    for (const bad of [
      'per_page=1000',
      'page=0',
      'sort=password_hash',
      'venue_id=not-a-uuid',
      `search=${'x'.repeat(101)}`,
    ]) {
      const res = await hr.get(api(`/admin/people?${bad}`));
      expect(res.status, bad).toBe(400);
    }

    const sam = (await hr.get(api(`/admin/people/${await idOf('sam.taylor@example.com')}`))).json().data;
    expect(sam).toMatchObject({
      name: 'Sam Taylor',
      email_address: 'sam.taylor@example.com',
      venue: 'The Lantern, Leeds',
    });
    expect(sam.bank_account === null || /^\*{4}\d{4}$/.test(sam.bank_account)).toBe(true);
    expect((await hr.get(api('/admin/people/00000000-0000-4000-8000-000000000000'))).status).toBe(404);
    expect((await hr.get(api('/admin/people/not-an-id'))).status).toBe(404);
  });

  it("shows a person's mobile to HR as the member sees it on their own screens", async () => {
    // Stored as My Details and onboarding store it (E.164).
    await t.app.database.db
      .update(staff)
      .set({ mobile: '+447700900789' })
      .where(eq(staff.emailAddress, 'jamie.patel@example.com'));
    const hr = await signedIn('morgan.hughes@example.com');
    const person = (await hr.get(api(`/admin/people/${await idOf('jamie.patel@example.com')}`))).json().data;
    const own = (await (await signedIn('jamie.patel@example.com')).get(api('/staff/self-service/me'))).json().data;
    expect(own.mobile).toBe('07700 900789');
    expect(person.mobile).toBe(own.mobile);
  });

  it('confines a venue manager to their venues: another venue’s person is 404 on every call, and nothing changes', async () => {
    const manager = await signedIn('riley.evans@example.com');
    const me = (await manager.get(api('/admin/me'))).json().data;
    expect(me).toEqual({
      role: 'manager',
      venues: [{ id: expect.any(String), name: 'The Lantern, Leeds' }],
      // The embedded provider signs in with a password, so the console offers password links.
      password_links: true,
    });

    const list = (await manager.get(api('/admin/people?per_page=100'))).json();
    expect(list.data.length).toBeGreaterThan(0);
    expect(new Set(list.data.map((p: { venue: string }) => p.venue))).toEqual(new Set(['The Lantern, Leeds']));
    const [manchester] = await t.app.database.db
      .select({ id: venues.id })
      .from(venues)
      .where(eq(venues.name, 'Salt & Ember, Manchester'));
    expect((await manager.get(api(`/admin/people?venue_id=${manchester!.id}`))).json()).toMatchObject({
      data: [],
      meta: { total: 0 },
    });

    const jamie = await idOf('jamie.patel@example.com');
    for (const res of [
      await manager.get(api(`/admin/people/${jamie}`)),
      await manager.post(api(`/admin/people/${jamie}/training-complete`)),
      await manager.post(api(`/admin/people/${jamie}/selfie-reset`)),
    ]) {
      expect(res.status).toBe(404);
      expect(res.json().errors).toEqual({ message: NOT_FOUND, code: 'NOT_FOUND' });
    }
    const [row] = await t.app.database.db
      .select({ training: staff.initialTrainingComplete })
      .from(staff)
      .where(eq(staff.id, jamie));
    expect(row!.training).toBe(false);
    // A manager may not change roles, even of their own venue's people.
    expect(
      (await manager.post(api(`/admin/people/${await idOf('sam.taylor@example.com')}/role`), { role: 'hr' })).status,
    ).toBe(403);
  });

  it('marks training complete and refuses to reset a picture that is not there, audited with who did it', async () => {
    const manager = await signedIn('riley.evans@example.com');
    const joiner = await idOf('alex.morgan@example.com');
    const done = await manager.post(api(`/admin/people/${joiner}/training-complete`));
    expect(done.status, done.body).toBe(200);
    expect(done.json().data.initial_training_complete).toBe(true);
    const riley = await idOf('riley.evans@example.com');
    const events = await t.app.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.staffId, joiner), eq(auditEvents.action, 'staff.training_completed')));
    expect(events.map((event) => event.actor)).toEqual([`staff:${riley}`]);
    expect(done.json().data.history[0]).toMatchObject({
      action: 'staff.training_completed',
      actor: `staff:${riley}`,
      actor_name: 'Riley Evans',
    });

    const none = await manager.post(api(`/admin/people/${joiner}/selfie-reset`));
    expect(none.status).toBe(404);
    expect(none.json().errors.message).toBe('That person has no picture to remove.');
  });

  it('lets HR change a role only after a second factor, with venues for a manager, audited', async () => {
    const hr = await signedIn('morgan.hughes@example.com');
    const jamie = await idOf('jamie.patel@example.com');
    const [york] = await t.app.database.db
      .select({ id: venues.id })
      .from(venues)
      .where(eq(venues.name, 'The Lantern, York'));
    const asked = await hr.post(api(`/admin/people/${jamie}/role`), { role: 'manager', venue_ids: [york!.id] });
    expect(asked.status).toBe(402);

    await stepUpByEmail(hr, t.dataDir, 'morgan.hughes@example.com');
    const noVenue = await hr.post(api(`/admin/people/${jamie}/role`), { role: 'manager', venue_ids: [] });
    expect(noVenue.status).toBe(400);
    expect(noVenue.json().errors.message).toBe('Choose at least one venue for a manager.');
    expect((await hr.post(api(`/admin/people/${jamie}/role`), { role: 'boss' })).status).toBe(400);

    const granted = await hr.post(api(`/admin/people/${jamie}/role`), { role: 'manager', venue_ids: [york!.id] });
    expect(granted.status, granted.body).toBe(200);
    expect(granted.json().data).toMatchObject({ role: 'manager', venues_managed: ['The Lantern, York'] });
    const managed = await t.app.database.db.select().from(venueManagers).where(eq(venueManagers.staffId, jamie));
    expect(managed.map((m) => m.venueId)).toEqual([york!.id]);
    const [event] = await t.app.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.staffId, jamie), eq(auditEvents.action, 'staff.role_changed')));
    expect(event!.details).toEqual({ old: null, new: 'manager', venue_ids: [york!.id] });

    const revoked = await hr.post(api(`/admin/people/${jamie}/role`), { role: null });
    expect(revoked.json().data).toMatchObject({ role: null, venues_managed: [] });
  });

  it('refuses CLI grants that make no sense, and revokes', async () => {
    const noVenue = await command('role grant', { staff: 'sam.taylor@example.com', role: 'manager' });
    expect(noVenue.error).toContain('Choose at least one venue for a manager.');
    const unknown = await command('role grant', {
      staff: 'sam.taylor@example.com',
      role: 'manager',
      venue: ['The Moon'],
    });
    expect(unknown.error).toContain('No venue is called "The Moon".');
    const badRole = await command('role grant', { staff: 'sam.taylor@example.com', role: 'owner' });
    expect(badRole.error).toBeTruthy();
    expect((await command('role revoke', { staff: 'nobody@example.com' })).error).toContain(
      'No staff member has the email address nobody@example.com.',
    );

    expect((await command('role grant', { staff: 'sam.taylor@example.com', role: 'hr' })).error).toBeUndefined();
    expect((await command('role revoke', { staff: 'sam.taylor@example.com' })).lines).toEqual([
      'sam.taylor@example.com no longer has a console role.',
    ]);
    const sam = await signedIn('sam.taylor@example.com');
    expect((await sam.get(api('/admin/me'))).status).toBe(403);
  });

  it('shows the insurance queue within the scope and decides on the document shown, audited', async () => {
    const coverEnds = dayjs.utc(todayInUk()).add(1, 'year').format('YYYY-MM-DD');
    const sam = await signedIn('sam.taylor@example.com');
    const upload = await sam.post(api('/staff/self-service/file'), {
      file_data: dataUrl('application/pdf', await simplePdf('Certificate of motor insurance')),
      filename: 'insurance.pdf',
      bucket: 'documents',
    });
    const doc = upload.json().data as { id: string };
    const added = (
      await sam.post(api('/staff/my-vehicles'), { registration: 'AB12 CDE', insurance_document: doc.id })
    ).json().data;

    // A manager of another venue sees nothing and may decide nothing.
    await command('role grant', {
      staff: 'jamie.patel@example.com',
      role: 'manager',
      venue: ['Salt & Ember, Manchester'],
    });
    const elsewhere = await signedIn('jamie.patel@example.com');
    expect((await elsewhere.get(api('/admin/insurance'))).json().data).toEqual([]);
    const refused = await elsewhere.post(api(`/admin/insurance/${added.id}/approve`), {
      document_id: doc.id,
      cover_ends: coverEnds,
    });
    expect(refused.status).toBe(404);
    expect(refused.json().errors.message).toBe('That vehicle was not found.');
    await command('role revoke', { staff: 'jamie.patel@example.com' });

    const manager = await signedIn('riley.evans@example.com');
    const queue = (await manager.get(api('/admin/insurance'))).json().data;
    const item = queue.find((q: { vehicle_id: string }) => q.vehicle_id === added.id);
    expect(item).toMatchObject({
      registration: 'AB12CDE',
      person: { name: 'Sam Taylor', venue: 'The Lantern, Leeds' },
      document: { id: doc.id, original_filename: 'insurance.pdf' },
    });
    // The signed address shows the document itself, inline.
    const shown = await t.app.inject({ method: 'GET', url: item.document.uri });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toContain('application/pdf');

    expect(
      (await manager.post(api(`/admin/insurance/${added.id}/reject`), { document_id: doc.id, reason: '  ' })).status,
    ).toBe(400);
    expect(
      (
        await manager.post(api(`/admin/insurance/${added.id}/approve`), {
          document_id: '00000000-0000-4000-8000-000000000000',
          cover_ends: coverEnds,
        })
      ).status,
    ).toBe(409);
    const rejected = await manager.post(api(`/admin/insurance/${added.id}/reject`), {
      document_id: doc.id,
      reason: 'No business class 2 cover',
    });
    expect(rejected.json()).toEqual({ data: { vehicle_id: added.id, decision: 'rejected' } });
    const mine = (await sam.get(api('/staff/my-vehicles'))).json().data.find((v: { id: string }) => v.id === added.id);
    expect(mine.current_insurance_document).toMatchObject({
      approval_error: 'No business class 2 cover',
      approved_by: null,
    });
    expect(
      (await manager.get(api('/admin/insurance')))
        .json()
        .data.some((q: { vehicle_id: string }) => q.vehicle_id === added.id),
    ).toBe(false);

    const again = await sam.post(api(`/staff/vehicle/${added.id}/insurance-document`), { file_id: doc.id });
    expect(again.status, again.body).toBe(200);
    const approved = await manager.post(api(`/admin/insurance/${added.id}/approve`), {
      document_id: doc.id,
      cover_ends: coverEnds,
    });
    expect(approved.status, approved.body).toBe(200);
    const after = (await sam.get(api('/staff/my-vehicles'))).json().data.find((v: { id: string }) => v.id === added.id);
    expect(after.current_insurance_document.approved_by).toBe('Riley Evans (venue manager)');
    const riley = await idOf('riley.evans@example.com');
    const events = await t.app.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'vehicle.insurance_approved'));
    expect(events.map((event) => event.actor)).toContain(`staff:${riley}`);
  });

  it('invites a joiner to one of the caller’s venues, shows them on the board, sends the link again and revokes it', async () => {
    const manager = await signedIn('riley.evans@example.com');
    const [leeds] = await t.app.database.db
      .select({ id: venues.id })
      .from(venues)
      .where(eq(venues.name, 'The Lantern, Leeds'));
    const [york] = await t.app.database.db
      .select({ id: venues.id })
      .from(venues)
      .where(eq(venues.name, 'The Lantern, York'));
    const email = `quinn.reid.${kind}@example.com`;
    const body = {
      forename: 'Quinn',
      surname: 'Reid',
      email,
      venue_id: leeds!.id,
      position: 'Bartender',
      start_date: '2026-12-14',
    };

    const elsewhere = await manager.post(api('/admin/joiners'), { ...body, venue_id: york!.id });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.json().errors).toEqual({
      message: 'Choose one of your venues.',
      fields: [{ field: 'venue_id', error: 'Choose one of your venues' }],
      code: 'BAD_REQUEST',
    });
    const bad = await manager.post(api('/admin/joiners'), { ...body, email: 'not-an-email', forename: '' });
    expect(bad.status).toBe(400);
    expect(
      bad
        .json()
        .errors.fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['email', 'forename']);
    expect((await manager.post(api('/admin/joiners'), { ...body, email: 'sam.taylor@example.com' })).status).toBe(409);

    const invited = await manager.post(api('/admin/joiners'), body);
    expect(invited.status, invited.body).toBe(200);
    const first = invited.json().data;
    expect(first).toMatchObject({ reissued: false, mail_problem: null });
    const token = first.link.split('/').pop();
    const mails = (await readOutbox(t.dataDir)).filter((m) => m.to === email);
    expect(mails.at(-1)!.text).toContain(first.link);
    expect((await new Browser({ [PORTAL]: t.app }).get(api(`/staff/self-service-onboard/${token}`))).status).toBe(200);

    const board = (await manager.get(api('/admin/joiners'))).json().data;
    expect(board.find((j: { email_address: string }) => j.email_address === email)).toMatchObject({
      name: 'Quinn Reid',
      venue: 'The Lantern, Leeds',
      stage: 'details',
      waiting_days: 0,
    });
    await command('role grant', { staff: 'jamie.patel@example.com', role: 'manager', venue: ['The Lantern, York'] });
    const york2 = await signedIn('jamie.patel@example.com');
    expect(
      (await york2.get(api('/admin/joiners')))
        .json()
        .data.some((j: { email_address: string }) => j.email_address === email),
    ).toBe(false);
    expect((await york2.post(api(`/admin/joiners/${first.staff_id}/revoke`))).status).toBe(404);
    await command('role revoke', { staff: 'jamie.patel@example.com' });

    const again = (await manager.post(api(`/admin/joiners/${first.staff_id}/resend`))).json().data;
    expect(again.reissued).toBe(true);
    expect(again.link).not.toBe(first.link);
    expect((await new Browser({ [PORTAL]: t.app }).get(api(`/staff/self-service-onboard/${token}`))).status).toBe(404);

    expect((await manager.post(api(`/admin/joiners/${first.staff_id}/revoke`))).status).toBe(204);
    expect(
      (await new Browser({ [PORTAL]: t.app }).get(api(`/staff/self-service-onboard/${again.link.split('/').pop()}`)))
        .status,
    ).toBe(404);
    const after = (await manager.get(api('/admin/joiners')))
      .json()
      .data.find((j: { email_address: string }) => j.email_address === email);
    expect(after.stage).toBe('expired');
    const [event] = await t.app.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.staffId, first.staff_id), eq(auditEvents.action, 'onboarding.link_revoked')));
    expect(event!.actor).toBe(`staff:${await idOf('riley.evans@example.com')}`);
  });

  it('lets HR add, rename and archive venues, and HR or the venue’s manager make till keys after a second factor', async () => {
    const hr = await signedIn('morgan.hughes@example.com');
    const manager = await signedIn('riley.evans@example.com');
    const name = `The Lantern, Ripon (${kind})`;
    expect((await manager.post(api('/admin/venues'), { name, brand: 'lantern' })).status).toBe(403);
    const badBrand = await hr.post(api('/admin/venues'), { name, brand: 'nope' });
    expect(badBrand.status).toBe(400);
    const brand = (await hr.get(api('/admin/venues')))
      .json()
      .data.find((v: { name: string }) => v.name === 'The Lantern, Leeds').brand;
    expect((await hr.post(api('/admin/venues'), { name: 'The Lantern, Leeds', brand })).status).toBe(409);
    const added = await hr.post(api('/admin/venues'), { name, brand });
    expect(added.status, added.body).toBe(200);
    const venue = added.json().data;
    expect(venue).toMatchObject({ name, brand, archived: false, people: 0, till_keys: [] });

    // The manager sees only their venue, and cannot see the new one.
    expect((await manager.get(api('/admin/venues'))).json().data.map((v: { name: string }) => v.name)).toEqual([
      'The Lantern, Leeds',
    ]);

    const renamed = await hr.post(api(`/admin/venues/${venue.id}`), { name: `${name} Old Town` });
    expect(renamed.json().data.name).toBe(`${name} Old Town`);
    const archived = await hr.post(api(`/admin/venues/${venue.id}`), { archived: true });
    expect(archived.json().data.archived).toBe(true);
    const noJoiners = await hr.post(api('/admin/joiners'), {
      forename: 'Ada',
      surname: 'Lowe',
      email: `ada.lowe.${kind}@example.com`,
      venue_id: venue.id,
    });
    expect(noJoiners.status).toBe(400);

    // A till key needs a second factor, is shown once, then only listed; it works at the till until revoked.
    const [leeds] = await t.app.database.db
      .select({ id: venues.id })
      .from(venues)
      .where(eq(venues.name, 'The Lantern, Leeds'));
    expect((await manager.post(api(`/admin/venues/${leeds!.id}/till-keys`))).status).toBe(402);
    await stepUpByEmail(manager, t.dataDir, 'riley.evans@example.com');
    // Another venue's keys stay out of reach, step-up or not.
    expect((await manager.post(api(`/admin/venues/${venue.id}/till-keys`))).status).toBe(404);
    const created = await manager.post(api(`/admin/venues/${leeds!.id}/till-keys`));
    expect(created.status, created.body).toBe(200);
    const { id, key } = created.json().data;
    expect(key).toMatch(/^till_/);
    const listed = (await manager.get(api('/admin/venues'))).json().data[0];
    expect(listed.till_keys).toContainEqual({ id, created_at: expect.any(String), revoked_at: null });
    expect(JSON.stringify(listed)).not.toContain(key);
    const till = (auth: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/discount/verify',
        headers: { authorization: auth, 'content-type': 'application/json' },
        payload: { code: '1-AAAAAAAA' },
      });
    expect((await till(`Bearer ${key}`)).statusCode).not.toBe(403);
    expect((await manager.post(api('/admin/till-keys/00000000-0000-4000-8000-000000000000/revoke'))).status).toBe(404);
    expect((await manager.post(api(`/admin/till-keys/${id}/revoke`))).status).toBe(204);
    expect((await till(`Bearer ${key}`)).statusCode).toBe(403);
  });

  it('counts a survey’s answers per question within the scope, and gives HR the CSV', async () => {
    const imported = await command('survey import', {
      file: bytesOption(
        'pulse.yaml',
        [
          'name: Pulse',
          'questions:',
          '  - { id: 1, question: How was today?, type: bars, required: true }',
          '  - { id: 2, question: Shift, type: radio, required: true, allowed_values: [{ key: am, label: Morning }, { key: pm, label: Evening }] }',
          '  - { id: 3, question: Anything else?, type: textarea }',
        ].join('\n'),
      ),
    });
    const surveyId = Number(imported.lines.at(-1));
    const answer = async (email: string, rating: number, shift: string, note: string) => {
      const b = await signedIn(email);
      const me = await idOf(email);
      const res = await b.post(api(`/rest/staff-survey/${surveyId}`), {
        completed_by: me,
        answers: [
          { id: 1, answer: rating },
          { id: 2, answer: shift },
          { id: 3, answer: note },
        ],
      });
      expect(res.status, res.body).toBe(200);
    };
    await answer('sam.taylor@example.com', 5, 'pm', 'Busy but fun');
    await answer('jamie.patel@example.com', 2, 'am', 'Short-staffed');

    const hr = await signedIn('morgan.hughes@example.com');
    const results = await hr.get(api(`/admin/surveys/${surveyId}/results`));
    expect(results.status, results.body).toBe(200);
    const all = results.json().data;
    expect(all.responses).toBe(2);
    expect(all.questions[0]).toMatchObject({
      id: 1,
      type: 'bars',
      answered: 2,
      counts: [1, 2, 3, 4, 5].map((n) => ({ key: String(n), label: String(n), count: n === 2 || n === 5 ? 1 : 0 })),
    });
    expect(all.questions[1].counts).toEqual([
      { key: 'am', label: 'Morning', count: 1 },
      { key: 'pm', label: 'Evening', count: 1 },
    ]);
    expect(all.questions[2].answers).toEqual(['Short-staffed', 'Busy but fun']);

    // The Leeds manager counts only Sam's answer (Jamie works in Manchester).
    const manager = await signedIn('riley.evans@example.com');
    const mine = (await manager.get(api(`/admin/surveys/${surveyId}/results`))).json().data;
    expect(mine.responses).toBe(1);
    expect(mine.questions[2].answers).toEqual(['Busy but fun']);
    expect(
      (await manager.get(api('/admin/surveys'))).json().data.find((s: { id: number }) => s.id === surveyId),
    ).toMatchObject({ name: 'Pulse', questions: 3, responses: 1 });
    expect((await manager.get(api(`/admin/surveys/${surveyId}/results.csv`))).status).toBe(403);

    const csv = await hr.get(api(`/admin/surveys/${surveyId}/results.csv`));
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Busy but fun');
    expect(csv.body).toContain('Short-staffed');
    expect((await hr.get(api('/admin/surveys/999999/results'))).status).toBe(404);
    expect((await hr.get(api('/admin/surveys/abc/results'))).status).toBe(400);

    // Sam's page lists the survey they answered.
    const sam = (await hr.get(api(`/admin/people/${await idOf('sam.taylor@example.com')}`))).json().data;
    expect(sam.surveys[0]).toMatchObject({ survey_id: surveyId, name: 'Pulse' });
  });

  it('gives HR, after a second factor, the payroll CSV with full bank details, guarded and audited', async () => {
    const sam = await signedIn('sam.taylor@example.com');
    await stepUpByEmail(sam, t.dataDir, 'sam.taylor@example.com');
    expect(
      (await sam.post(api('/staff/self-service/financials'), { bank_account: '55779911', sort_code: '30-90-12' }))
        .status,
    ).toBe(200);
    const personal = await sam.post(api('/staff/self-service/personal'), {
      forename: 'Sam',
      surname: 'Taylor',
      address_line1: '=HYPERLINK("http://evil")',
      address_postal_code: 'LS1 4AP',
    });
    expect(personal.status, personal.body).toBe(200);

    const manager = await signedIn('riley.evans@example.com');
    expect((await manager.get(api('/admin/payroll.csv?since=2000-01-01'))).status).toBe(403);
    const hr = await signedIn('morgan.hughes@example.com');
    const other = await fresh('morgan.hughes@example.com');
    expect((await other.get(api('/admin/payroll.csv?since=2000-01-01'))).status).toBe(402);
    await stepUpByEmail(hr, t.dataDir, 'morgan.hughes@example.com');
    expect((await hr.get(api('/admin/payroll.csv?since=yesterday'))).status).toBe(400);

    const res = await hr.get(api('/admin/payroll.csv?since=2000-01-01'));
    expect(res.status, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['cache-control']).toContain('no-store');
    const [header, ...rows] = res.body.trim().split('\n');
    expect(header).toBe(
      'forename,surname,email_address,mobile,date_of_birth,address_line1,address_line2,address_line3,county,postcode,venue,position,start_date,national_insurance_number,bank_account,sort_code,leaving_date',
    );
    const samRow = rows.find((row) => row.includes('sam.taylor@example.com'))!;
    expect(samRow).toContain('55779911');
    expect(samRow).toContain('30-90-12');
    expect(samRow).toContain(`"'=HYPERLINK(""http://evil"")"`);
    const [event] = await t.app.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'payroll.exported'));
    expect(event).toMatchObject({
      actor: `staff:${await idOf('morgan.hughes@example.com')}`,
      details: { since: '2000-01-01', rows: rows.length },
    });
  });

  it('issues a template to people in scope with a preview first, escaping merge values, and imports fieldsets and surveys for HR', async () => {
    const manager = await signedIn('riley.evans@example.com');
    const [leeds] = await t.app.database.db
      .select({ id: venues.id })
      .from(venues)
      .where(eq(venues.name, 'The Lantern, Leeds'));
    const added = await manager.post(api('/admin/people'), {
      forename: '<img src=x onerror=alert(1)>',
      surname: 'Lee',
      email: `pat.lee.${kind}@example.com`,
      venue_id: leeds!.id,
      position: 'Host',
    });
    expect(added.status, added.body).toBe(200);
    const pat = added.json().data;
    expect(pat).toMatchObject({ venue: 'The Lantern, Leeds', onboarding: 'complete' });
    expect(
      (
        await manager.post(api('/admin/people'), {
          forename: 'A',
          surname: 'B',
          email: 'sam.taylor@example.com',
          venue_id: leeds!.id,
        })
      ).status,
    ).toBe(409);

    const html = '<h1>Tips policy</h1><p>Dear {{forename}} at {{venue}},</p><script>alert(2)</script>';
    const template = {
      filename: 'tips.html',
      file_data: `data:text/html;base64,${Buffer.from(html).toString('base64')}`,
    };
    const preview = await manager.post(api('/admin/documents/preview'), {
      kind: 'agreement',
      staff_id: pat.id,
      template,
    });
    expect(preview.status, preview.body).toBe(200);
    expect(preview.json().data.title).toBe('Tips policy');
    expect(preview.json().data.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(preview.json().data.html).not.toContain('<script');
    expect(preview.json().data.html).not.toContain('<img');

    const jamie = await idOf('jamie.patel@example.com');
    expect(
      (await manager.post(api('/admin/documents'), { kind: 'agreement', staff_ids: [pat.id, jamie], template })).status,
    ).toBe(404);
    expect(await t.app.database.db.select().from(documents).where(eq(documents.staffId, pat.id))).toEqual([]);
    const sam = await idOf('sam.taylor@example.com');
    const issued = await manager.post(api('/admin/documents'), {
      kind: 'agreement',
      staff_ids: [pat.id, sam],
      template,
    });
    expect(issued.status, issued.body).toBe(200);
    expect(
      issued
        .json()
        .data.map((d: { staff_id: string }) => d.staff_id)
        .sort(),
    ).toEqual([pat.id, sam].sort());
    const mail = (await readOutbox(t.dataDir)).filter((m) => m.to === `pat.lee.${kind}@example.com`).at(-1)!;
    expect(mail.text).toContain(issued.json().data.find((d: { staff_id: string }) => d.staff_id === pat.id).link);

    const fieldset =
      'name: Kitchen joiner\nfields:\n  - { id: 1, name: shoe_size, label: Shoe size, type: number, required: false }\n';
    expect((await manager.post(api('/admin/fieldsets'), { filename: 'kitchen.yaml', content: fieldset })).status).toBe(
      403,
    );
    const hr = await signedIn('morgan.hughes@example.com');
    const imported = await hr.post(api('/admin/fieldsets'), { filename: 'kitchen.yaml', content: fieldset });
    expect(imported.status, imported.body).toBe(200);
    expect(imported.json().data.created).toBe(true);
    const badFieldset = await hr.post(api('/admin/fieldsets'), {
      filename: 'bad.yaml',
      content: 'name: Bad\nfields: [{ id: 1, name: x, label: X, type: slider }]\n',
    });
    expect(badFieldset.status).toBe(400);
    const survey = await hr.post(api('/admin/surveys'), {
      filename: 'pulse.json',
      content: JSON.stringify({
        name: 'Weekly pulse',
        questions: [{ id: 1, question: 'How was the week?', type: 'bars' }],
      }),
    });
    expect(survey.status, survey.body).toBe(200);
    expect(
      (await hr.get(api('/admin/surveys'))).json().data.some((s: { name: string }) => s.name === 'Weekly pulse'),
    ).toBe(true);
  });
});
