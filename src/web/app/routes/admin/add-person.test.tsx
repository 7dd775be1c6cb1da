import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEEDS, person, YORK } from '@web/features/console/shared/testing/fake-console';
import { consolePosition, consoleVenue, fakeSetup } from '@web/features/console/shared/testing/fake-setup';
import { notificationStore } from '@web/stores/notification-store';
import { renderSignedIn } from '@web/testing/render-signed-in';
import { staffMember } from '@web/testing/staff-member';
import ConsoleLayout from './layout';

const PAT = '0b1c6a52-6f8e-4d4a-9a51-5a7b2c4d0e77';

/** The people list, signed in as HR or a manager. */
function openPeople(role: 'hr' | 'manager' = 'hr') {
  return renderSignedIn(() => <ConsoleLayout />, staffMember({ console_role: role }), '/admin/people');
}

const field = (dialog: HTMLElement, name: RegExp) => within(dialog).getByRole('textbox', { name }) as HTMLInputElement;

/** Chooses `option` of the select labelled `label` in `dialog`. */
async function choose(dialog: HTMLElement, label: RegExp, option: string) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('Add person', () => {
  it('lets HR add someone without onboarding, offering the positions, then opens their page', async () => {
    const server = fakeSetup({
      positions: [
        consolePosition(),
        consolePosition({ id: 'p2', name: 'Host' }),
        consolePosition({ id: 'p3', name: 'Runner', archived: true }),
      ],
      added: person({ id: PAT, name: 'Pat Lee' }),
    });
    openPeople();
    fireEvent.click(await screen.findByRole('button', { name: 'Add person' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add person' });
    // Nothing is sent until the required fields are there.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Enter their first name')).toBeTruthy();
    expect(within(dialog).getByText('Choose a venue')).toBeTruthy();
    expect(server.calls().filter((call) => call.startsWith('POST'))).toEqual([]);

    fireEvent.change(field(dialog, /^First name/), { target: { value: ' Pat ' } });
    fireEvent.change(field(dialog, /^Last name/), { target: { value: 'Lee' } });
    fireEvent.change(field(dialog, /^Email/), { target: { value: 'pat.lee@example.com' } });
    await choose(dialog, /^Venue/, YORK.name);
    // The active positions are offered; an archived one is not.
    const position = within(dialog).getByRole('combobox', { name: /^Position/ });
    fireEvent.change(position, { target: { value: 'H' } });
    expect(await screen.findByRole('option', { name: 'Host' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Runner' })).toBeNull();
    fireEvent.click(screen.getByRole('option', { name: 'Host' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(window.location.pathname).toBe(`/admin/people/${PAT}`));
    expect(notificationStore.getState()).toMatchObject({ severity: 'success', message: 'Pat Lee is added.' });
    const post = server.seen.find((call) => call.method === 'POST')!;
    expect(post.path).toBe('/admin/people');
    expect(JSON.parse(post.body)).toEqual({
      forename: 'Pat',
      surname: 'Lee',
      email: 'pat.lee@example.com',
      venue_id: YORK.id,
      position: 'Host',
    });
  });

  it('takes a position not in the list, offers no archived venue, and shows a taken email under the field, keeping what was typed', async () => {
    const server = fakeSetup({
      venues: [consoleVenue(), consoleVenue({ id: YORK.id, name: YORK.name, archived: true })],
      override: (call) =>
        call.method === 'POST' && call.path === '/admin/people'
          ? { status: 409, data: { errors: { message: 'Someone already has the email sam.taylor@example.com.' } } }
          : undefined,
    });
    openPeople();
    fireEvent.click(await screen.findByRole('button', { name: 'Add person' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add person' });
    fireEvent.change(field(dialog, /^First name/), { target: { value: 'Sam' } });
    fireEvent.change(field(dialog, /^Last name/), { target: { value: 'Taylor' } });
    fireEvent.change(field(dialog, /^Email/), { target: { value: 'sam.taylor@example.com' } });
    await waitFor(() => expect(server.calls()).toContain('GET /admin/venues'));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Venue/ }));
    await screen.findByRole('option', { name: LEEDS.name });
    await waitFor(() => expect(screen.queryByRole('option', { name: YORK.name })).toBeNull());
    fireEvent.click(screen.getByRole('option', { name: LEEDS.name }));
    fireEvent.change(within(dialog).getByRole('combobox', { name: /^Position/ }), {
      target: { value: 'Cellar Person' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await within(dialog).findByText('Someone already has the email sam.taylor@example.com.')).toBeTruthy();
    expect(field(dialog, /^Email/).getAttribute('aria-invalid')).toBe('true');
    expect(field(dialog, /^First name/).value).toBe('Sam');
    expect(JSON.parse(server.seen.find((call) => call.method === 'POST')!.body)).toMatchObject({
      position: 'Cellar Person',
    });
  });

  it('offers a manager no Add person', async () => {
    fakeSetup({ me: { role: 'manager', venues: [LEEDS], password_links: true } });
    openPeople('manager');
    expect(await screen.findByRole('heading', { level: 1, name: 'People' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add person' })).toBeNull();
  });
});
