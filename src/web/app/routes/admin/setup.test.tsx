import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEEDS, YORK } from '@web/features/console/shared/testing/fake-console';
import {
  consolePosition,
  consoleVenue,
  fakeSetup,
  stepUpOverride,
} from '@web/features/console/shared/testing/fake-setup';
import { notificationStore } from '@web/stores/notification-store';
import { renderSignedIn } from '@web/testing/render-signed-in';
import { staffMember } from '@web/testing/staff-member';
import ConsoleLayout from './layout';

/** The console's Set-up, signed in as HR or a manager. */
function openSetup(role: 'hr' | 'manager' = 'hr') {
  return renderSignedIn(() => <ConsoleLayout />, staffMember({ console_role: role }), '/admin/setup');
}

const section = (name: string) => screen.findByRole('region', { name });
const posts = (calls: string[]) => calls.filter((call) => call.startsWith('POST'));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Set-up', () => {
  it('shows HR the venues with brand, people and archived state, till keys, positions and fieldsets, under its tab', async () => {
    fakeSetup({
      venues: [
        consoleVenue({
          till_keys: [
            { id: 'k1', created_at: '2026-02-03T09:00:00.000Z', revoked_at: null },
            { id: 'k2', created_at: '2026-01-03T09:00:00.000Z', revoked_at: '2026-01-20T09:00:00.000Z' },
          ],
        }),
        consoleVenue({ id: YORK.id, name: YORK.name, brand: 'salt-and-ember', people: 1, archived: true }),
      ],
      positions: [consolePosition(), consolePosition({ id: 'p2', name: 'Runner', archived: true })],
    });
    openSetup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Set-up' })).toBeTruthy();
    const venues = within(await section('Venues')).getByRole('list', { name: 'Venues' });
    const [leeds, york] = within(venues).getAllByRole('listitem');
    expect(within(leeds!).getByText('Lantern Inns · 12 people')).toBeTruthy();
    expect(within(york!).getByText('Archived')).toBeTruthy();
    expect(within(york!).getByText(/· 1 person$/)).toBeTruthy();
    expect(within(york!).getByRole('button', { name: `Bring back ${YORK.name}` })).toBeTruthy();

    const keys = within(await section('Till keys')).getByRole('list', { name: `Till keys of ${LEEDS.name}` });
    expect(within(keys).getByText('Made 03/02/2026')).toBeTruthy();
    expect(within(keys).getByText('Made 03/01/2026 · revoked 20/01/2026')).toBeTruthy();
    expect(within(keys).getAllByRole('button', { name: /^Revoke/ })).toHaveLength(1);
    // An archived venue gets no new key.
    expect(screen.queryByRole('button', { name: `New till key for ${YORK.name}` })).toBeNull();

    const positions = await section('Positions');
    expect(await within(positions).findByRole('button', { name: 'Bring back Runner' })).toBeTruthy();
    const fieldsets = await section('Onboarding fieldsets');
    expect(
      await within(fieldsets).findByText('4 fields · updated 01/02/2026 · used when an invitation names none'),
    ).toBeTruthy();

    const tabs = within(screen.getByRole('navigation', { name: 'HR console' }));
    expect(tabs.getByRole('tab', { name: 'Set-up' }).getAttribute('aria-current')).toBe('page');
    expect(tabs.getByRole('tab', { name: 'Payroll' })).toBeTruthy();
    expect(screen.getByRole('banner').textContent).toContain('Set-up');
  });

  it('shows a manager only the till keys of their venues, and no Payroll tab', async () => {
    const server = fakeSetup({
      me: { role: 'manager', venues: [LEEDS], password_links: true },
      venues: [consoleVenue()],
    });
    openSetup('manager');
    expect(await section('Till keys')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Venues' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Positions' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Onboarding fieldsets' })).toBeNull();
    expect(
      within(screen.getByRole('navigation', { name: 'HR console' })).queryByRole('tab', { name: 'Payroll' }),
    ).toBeNull();
    expect(server.calls().some((call) => call.includes('/admin/positions') || call.includes('/admin/fieldsets'))).toBe(
      false,
    );
  });

  it('adds a venue with its brand, checking the name first and showing a taken name under it', async () => {
    const server = fakeSetup();
    openSetup();
    fireEvent.click(within(await section('Venues')).getByRole('button', { name: 'Add venue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add venue' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter the venue’s name')).toBeTruthy();
    expect(posts(server.calls())).toEqual([]);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: LEEDS.name } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Another venue has this name')).toBeTruthy();
    expect((within(dialog).getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe(LEEDS.name);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), {
      target: { value: '  The Lantern, Ripon ' },
    });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Brand/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Salt & Ember' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(notificationStore.getState()).toMatchObject({
      severity: 'success',
      message: 'The Lantern, Ripon is added.',
    });
    const post = server.seen.filter((call) => call.method === 'POST').at(-1)!;
    expect(post.path).toBe('/admin/venues');
    expect(JSON.parse(post.body)).toEqual({ name: 'The Lantern, Ripon', brand: 'salt-and-ember' });
    expect(await within(await section('Venues')).findByText('The Lantern, Ripon')).toBeTruthy();
  });

  it('archives a venue after asking, and brings it back', async () => {
    const server = fakeSetup({ venues: [consoleVenue()] });
    openSetup();
    fireEvent.click(within(await section('Venues')).getByRole('button', { name: `Archive ${LEEDS.name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Archive ${LEEDS.name}?` });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(await within(await section('Venues')).findByRole('button', { name: `Bring back ${LEEDS.name}` }));
    await waitFor(() => expect(notificationStore.getState()).toMatchObject({ message: `${LEEDS.name} is back.` }));
    expect(server.seen.filter((call) => call.method === 'POST').map((call) => JSON.parse(call.body))).toEqual([
      { archived: true },
      { archived: false },
    ]);
  });

  it('shows a refused archive in its confirmation', async () => {
    fakeSetup({
      venues: [consoleVenue()],
      override: (call) =>
        call.method === 'POST'
          ? { status: 404, data: { errors: { message: 'That venue was not found.' } } }
          : undefined,
    });
    openSetup();
    fireEvent.click(within(await section('Venues')).getByRole('button', { name: `Archive ${LEEDS.name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Archive ${LEEDS.name}?` });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('That venue was not found.');
  });

  it('makes a till key after a second factor, shows it once with Copy and a warning, and revokes after asking', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const server = fakeSetup({
      venues: [consoleVenue()],
      override: stepUpOverride((route) => route.endsWith('/till-keys')),
    });
    openSetup();
    fireEvent.click(within(await section('Till keys')).getByRole('button', { name: `New till key for ${LEEDS.name}` }));

    const twoFactor = await screen.findByRole('dialog', { name: 'Two Factor Auth Required' });
    fireEvent.click(await within(twoFactor).findByRole('button', { name: 'Send code' }));
    fireEvent.change(await within(twoFactor).findByRole('textbox', { name: 'Verification code' }), {
      target: { value: '123456' },
    });
    fireEvent.click(within(twoFactor).getByRole('button', { name: 'Verify' }));

    const shown = await screen.findByRole('dialog', { name: `Till key for ${LEEDS.name}` });
    expect((within(shown).getByRole('textbox', { name: 'Till key' }) as HTMLTextAreaElement).value).toBe(
      'till_secret1',
    );
    expect(within(shown).getByText(/It is not shown again/)).toBeTruthy();
    fireEvent.click(within(shown).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('till_secret1'));
    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.calls().filter((call) => call.endsWith('/till-keys'))).toEqual([
      `POST /admin/venues/${LEEDS.id}/till-keys`,
      `POST /admin/venues/${LEEDS.id}/till-keys`,
    ]);
    // Listed without its secret; revoked after a confirm.
    expect(screen.queryByText('till_secret1')).toBeNull();
    fireEvent.click(
      await within(await section('Till keys')).findByRole('button', { name: `Revoke key 1 of ${LEEDS.name}` }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Revoke this till key?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.calls()).toContain('POST /admin/till-keys/8a7b6c5d-0000-4000-8000-000000000001/revoke');
    expect(await within(await section('Till keys')).findByText('Revoked')).toBeTruthy();
  });

  it('adds, renames and archives positions, a taken name shown under the field', async () => {
    const server = fakeSetup();
    openSetup();
    const positions = await section('Positions');
    fireEvent.click(within(positions).getByRole('button', { name: 'Add position' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add position' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Position/ }), { target: { value: 'bartender' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Another position has this name')).toBeTruthy();
    // What was typed stays.
    expect((within(dialog).getByRole('textbox', { name: /^Position/ }) as HTMLInputElement).value).toBe('bartender');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Position/ }), { target: { value: 'Sous Chef' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(positions).findByText('Sous Chef')).toBeTruthy();

    fireEvent.click(within(positions).getByRole('button', { name: 'Rename Bartender' }));
    dialog = await screen.findByRole('dialog', { name: 'Rename position' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Position/ }), {
      target: { value: 'Bar Team Member' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(await within(positions).findByRole('button', { name: 'Archive Bar Team Member' }));
    expect(await within(positions).findByRole('button', { name: 'Bring back Bar Team Member' })).toBeTruthy();
    expect(
      server.seen.filter((call) => call.method === 'POST').map((call) => [call.path, JSON.parse(call.body)]),
    ).toEqual([
      ['/admin/positions', { name: 'bartender' }],
      ['/admin/positions', { name: 'Sous Chef' }],
      ['/admin/positions/3d2c1b0a-0000-4000-8000-000000000001', { name: 'Bar Team Member' }],
      ['/admin/positions/3d2c1b0a-0000-4000-8000-000000000001', { archived: true }],
    ]);
  });

  it('uploads a fieldset, shows a refused file’s problems, and previews one as the joiner sees it', async () => {
    const server = fakeSetup();
    openSetup();
    const fieldsets = await section('Onboarding fieldsets');
    const input = within(fieldsets).getByLabelText('Fieldset file') as HTMLInputElement;
    expect(input.accept).toBe('.yaml,.yml,.json');
    fireEvent.change(input, { target: { files: [new File(['name: Bad'], 'bad.yaml')] } });
    const alert = await within(fieldsets).findByRole('alert');
    expect(alert.textContent).toBe('bad.yaml is not a valid fieldset:\n  fields.0.type: Invalid option');

    fireEvent.change(input, { target: { files: [new File(['name: Kitchen joiner'], 'kitchen.yml')] } });
    // A good file opens its preview.
    const preview = await screen.findByRole('dialog', { name: 'Kitchen joiner: preview' });
    expect(within(fieldsets).queryByRole('alert')).toBeNull();
    const post = server.seen.filter((call) => call.method === 'POST').at(-1)!;
    expect(JSON.parse(post.body)).toEqual({ filename: 'kitchen.yml', content: 'name: Kitchen joiner' });
    expect(within(preview).getByRole('heading', { name: 'About you' })).toBeTruthy();
    const knownAs = within(preview).getByRole('textbox', { name: /^Known as/ }) as HTMLInputElement;
    expect(knownAs.disabled).toBe(true);
    expect(knownAs.required).toBe(true);
    expect((within(preview).getByRole('radio', { name: 'Yes' }) as HTMLInputElement).disabled).toBe(true);
    expect(within(preview).getByText('Shown when “Do you drive to work?” is “Yes”')).toBeTruthy();
    fireEvent.click(within(preview).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(fieldsets).findByText('Kitchen joiner')).toBeTruthy();
  });

  it('says why a list could not load, with Try again', async () => {
    fakeSetup({
      override: (call) =>
        call.path === '/admin/venues'
          ? { status: 500, data: { errors: { message: 'Something went wrong.' } } }
          : undefined,
    });
    openSetup();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
