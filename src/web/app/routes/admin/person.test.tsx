import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeConsole, joiner, LEEDS, person } from '@web/features/console/shared/testing/fake-console';
import { notificationStore } from '@web/stores/notification-store';
import { renderSignedIn } from '@web/testing/render-signed-in';
import { staffMember } from '@web/testing/staff-member';
import ConsoleLayout from './layout';

const ID = '0b1c6a52-6f8e-4d4a-9a51-5a7b2c4d0e01';
const METHOD_ID = '0b1c6a52-6f8e-4d4a-9a51-5a7b2c4d0e99';
const CHALLENGE = 'c0ffee00-0000-4000-8000-000000000001';

/** A person's page in the console, signed in as HR unless `consoleRole` says otherwise. */
function openPerson(consoleRole: 'hr' | 'manager' = 'hr') {
  return renderSignedIn(() => <ConsoleLayout />, staffMember({ console_role: consoleRole }), `/admin/people/${ID}`);
}

/** The card of the person's page named `title`. */
const card = (title: string) => screen.getByRole('region', { name: title });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("A person's page", () => {
  it('shows their details (bank details masked), onboarding, documents, vehicles and history', async () => {
    fakeConsole();
    openPerson();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ava Clarke' })).toBeTruthy();
    const details = card('Details');
    for (const text of [
      'ava.clarke@example.com',
      '07700 900123',
      'Ava',
      '14/07/1999',
      '1 High Street, Leeds, LS1 1AA',
      LEEDS.name,
      'Bartender',
      '02/03/2026',
      '****5678',
      '**-**-56',
    ]) {
      expect(within(details).getByText(text)).toBeTruthy();
    }
    expect(within(card('Onboarding')).getByText('Complete')).toBeTruthy();
    expect(within(card('Onboarding')).getByText('Not yet')).toBeTruthy();
    expect(within(card('Documents')).getByText('Contract of employment')).toBeTruthy();
    expect(
      within(card('Documents')).getByText('Contract · Signed · issued 20/02/2026 · signed 21/02/2026'),
    ).toBeTruthy();
    expect(
      within(card('Documents'))
        .getByRole('link', { name: 'Download signed PDF: Contract of employment' })
        .getAttribute('href'),
    ).toBe('/api/admin/documents/d1/pdf');
    expect(within(card('Vehicles')).getByText('Insurance awaiting approval · MOT expires 30/11/2026')).toBeTruthy();
    expect(
      within(card('Vehicles')).getByText('Insurance approved, cover ends 31/03/2099 · MOT expires unknown'),
    ).toBeTruthy();
    expect(within(card('History')).getByText('Selfie saved')).toBeTruthy();
    expect(within(card('History')).getByText(/· Ava Clarke$/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'People' }).getAttribute('href')).toBe('/admin/people');
    expect(screen.getByRole('banner').textContent).toContain('Person');
  });

  it('lists the surveys they answered', async () => {
    fakeConsole({
      current: person({
        surveys: [{ survey_id: 3, name: 'Quality of life', submitted_at: '2026-03-04T18:30:00.000Z' }],
      }),
    });
    openPerson();
    const surveys = await screen.findByRole('region', { name: 'Surveys' });
    expect(within(surveys).getByText('Quality of life')).toBeTruthy();
    expect(within(surveys).getByText(/^Answered 04\/03\/2026/)).toBeTruthy();
  });

  it('sends the onboarding link again, or revokes it after asking, while they are on their way', async () => {
    const server = fakeConsole({
      current: person({ onboarding: 'contract' }),
      joiners: [joiner({ id: ID, name: 'Ava Clarke', stage: 'contract' })],
    });
    openPerson();
    fireEvent.click(await screen.findByRole('button', { name: 'Send link again' }));
    await waitFor(() =>
      expect(notificationStore.getState()).toMatchObject({
        severity: 'success',
        message: 'A new link has been sent to Ava Clarke.',
      }),
    );
    fireEvent.click(within(card('Onboarding')).getByRole('button', { name: 'Revoke link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke link?' });
    expect(within(dialog).getByText(/ava\.clarke@example\.com/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke link' }));
    await waitFor(() =>
      expect(notificationStore.getState()).toMatchObject({ message: "Ava Clarke's link no longer works." }),
    );
    expect(server.calls().filter((call) => call.startsWith('POST'))).toEqual([
      `POST /admin/joiners/${ID}/resend`,
      `POST /admin/joiners/${ID}/revoke`,
    ]);
  });

  it('offers no link actions once they have finished onboarding', async () => {
    fakeConsole();
    openPerson();
    await screen.findByRole('heading', { level: 1, name: 'Ava Clarke' });
    expect(within(card('Onboarding')).queryByRole('button', { name: 'Send link again' })).toBeNull();
  });

  it('marks training complete, shows a notice and refreshes the person and the list', async () => {
    const server = fakeConsole();
    const { queryClient } = openPerson();
    const list = ['admin', 'people', { page: 1, per_page: 25, search: '', sort: 'name', direction: 'asc' }];
    queryClient.setQueryData(list, { data: [], meta: { page: 1, per_page: 25, total: 0 } });
    fireEvent.click(await screen.findByRole('button', { name: 'Mark training complete' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark training complete' })).toBeNull());
    expect(within(card('Onboarding')).getByText('Complete', { selector: 'dd' })).toBeTruthy();
    expect(notificationStore.getState()).toMatchObject({
      open: true,
      severity: 'success',
      message: 'Training marked complete for Ava Clarke.',
    });
    expect(server.calls()).toContain(`POST /admin/people/${ID}/training-complete`);
    expect(queryClient.getQueryState(list)?.isInvalidated).toBe(true);
  });

  it('asks before resetting the picture, then resets it and refreshes the person', async () => {
    const server = fakeConsole();
    openPerson();
    fireEvent.click(await screen.findByRole('button', { name: 'Reset picture' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset picture?' });
    expect(server.calls()).not.toContain(`POST /admin/people/${ID}/selfie-reset`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset picture' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Reset picture' })).toBeNull());
    expect(within(card('Onboarding')).getByText('No')).toBeTruthy();
    expect(notificationStore.getState()).toMatchObject({
      severity: 'success',
      message: "Ava Clarke's picture has been removed: they can take a new one.",
    });
    expect(server.calls().filter((call) => call.startsWith('POST'))).toEqual([`POST /admin/people/${ID}/selfie-reset`]);
  });

  it('sends a password link after asking, and shows the link when the mail did not go', async () => {
    const link = 'http://localhost:3000/set-password/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
    let problem: { reason: string; will_retry: boolean } | null = null;
    const server = fakeConsole({
      override: (call) =>
        call.method === 'POST' && call.path.endsWith('/password-link')
          ? { status: 200, data: { data: { link, expires_at: '2026-12-11T21:00:00.000Z', mail_problem: problem } } }
          : undefined,
    });
    openPerson();
    fireEvent.click(await screen.findByRole('button', { name: 'Send password link' }));
    let dialog = await screen.findByRole('dialog', { name: 'Send a password link?' });
    expect(within(dialog).getByText(/A link sent before stops working/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send link' }));
    await waitFor(() =>
      expect(notificationStore.getState()).toMatchObject({
        severity: 'success',
        message: 'A password link was emailed to Ava Clarke.',
      }),
    );
    expect(server.calls()).toContain(`POST /admin/people/${ID}/password-link`);

    problem = { reason: 'the mail server refused it', will_retry: true };
    fireEvent.click(await screen.findByRole('button', { name: 'Send password link' }));
    dialog = await screen.findByRole('dialog', { name: 'Send a password link?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send link' }));
    expect(await within(dialog).findByText(link)).toBeTruthy();
    expect(within(dialog).getByText(/could not be sent yet \(the mail server refused it\)/)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Send link' })).toBeNull();
  });

  it('offers no password link to a leaver, someone onboarding, or with an external provider', async () => {
    fakeConsole({ current: person({ left: true, access_ends_at: '2026-01-01T00:00:00.000Z' }) });
    openPerson();
    await screen.findByRole('heading', { level: 1, name: 'Ava Clarke' });
    expect(screen.queryByRole('button', { name: 'Send password link' })).toBeNull();
    cleanup();
    fakeConsole({ current: person({ onboarding: 'contract' }) });
    openPerson();
    await screen.findByRole('heading', { level: 1, name: 'Ava Clarke' });
    expect(screen.queryByRole('button', { name: 'Send password link' })).toBeNull();
    cleanup();
    fakeConsole({ me: { role: 'hr', venues: [LEEDS], password_links: false } });
    openPerson();
    await screen.findByRole('heading', { level: 1, name: 'Ava Clarke' });
    expect(screen.queryByRole('button', { name: 'Send password link' })).toBeNull();
  });

  it('shows a refused picture reset in its dialog', async () => {
    fakeConsole({
      override: (call) =>
        call.method === 'POST'
          ? { status: 404, data: { errors: { message: 'That person has no picture to remove.' } } }
          : undefined,
    });
    openPerson();
    fireEvent.click(await screen.findByRole('button', { name: 'Reset picture' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset picture?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset picture' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('That person has no picture to remove.');
  });

  it('shows a refused training change as an error notice', async () => {
    fakeConsole({
      override: (call) =>
        call.method === 'POST'
          ? { status: 404, data: { errors: { message: 'That person was not found.' } } }
          : undefined,
    });
    openPerson();
    fireEvent.click(await screen.findByRole('button', { name: 'Mark training complete' }));
    await waitFor(() =>
      expect(notificationStore.getState()).toMatchObject({
        open: true,
        severity: 'error',
        message: 'That person was not found.',
      }),
    );
  });

  it('lets HR make them a venue manager of the venues chosen', async () => {
    const server = fakeConsole();
    openPerson();
    fireEvent.click(await screen.findByRole('button', { name: 'Console role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Console role' });
    expect((within(dialog).getByRole('radio', { name: 'None' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Venue manager' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Choose at least one venue for a manager.');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: LEEDS.name }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText(`Manages ${LEEDS.name}`)).toBeTruthy();
    expect(notificationStore.getState()).toMatchObject({
      severity: 'success',
      message: 'Ava Clarke is now a venue manager in the console.',
    });
    const post = server.seen.find((call) => call.method === 'POST');
    expect(post?.path).toBe(`/admin/people/${ID}/role`);
    expect(JSON.parse(post!.body)).toEqual({ role: 'manager', venue_ids: [LEEDS.id] });
  });

  it('shows a refused role change in the footer’s alert, the choices kept', async () => {
    fakeConsole({
      override: (call) =>
        call.method === 'POST'
          ? {
              status: 400,
              data: {
                errors: { message: 'That venue is archived.', fields: [{ field: 'venue_ids', error: 'Archived' }] },
              },
            }
          : undefined,
    });
    openPerson();
    fireEvent.click(await screen.findByRole('button', { name: 'Console role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Console role' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Venue manager' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: LEEDS.name }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('That venue is archived.');
    expect((within(dialog).getByRole('radio', { name: 'Venue manager' }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByRole('checkbox', { name: LEEDS.name }) as HTMLInputElement).checked).toBe(true);
  });

  it('asks for a second factor before a role change, and sends it again once passed', async () => {
    let verified = false;
    const server = fakeConsole({
      current: person({ role: 'manager', venues_managed: [LEEDS.name] }),
      override: (call) => {
        const path = `${call.method} ${call.path.replace(/\?.*/, '')}`;
        if (path === `POST /admin/people/${ID}/role` && !verified)
          return { status: 402, data: { errors: { message: 'Please confirm it is you before changing this.' } } };
        if (path === 'GET /bouncer/tfa/my-methods') {
          return {
            status: 200,
            data: {
              data: [
                {
                  id: METHOD_ID,
                  setup_complete: true,
                  deleted: false,
                  type: { id: 1, name: 'Email code', description: 'A code by email' },
                },
              ],
              meta: { page: 1, per_page: 20, total: 1 },
            },
          };
        }
        if (path === `POST /bouncer/tfa-logged-in/initiate/${METHOD_ID}`)
          return {
            status: 200,
            data: { data: { code: CHALLENGE, sent_to: 'p****@example.com', expires_at: '2030-01-01T10:10:00.000Z' } },
          };
        if (path === `POST /bouncer/tfa-logged-in/${CHALLENGE}/verify`) {
          verified = true;
          return { status: 200, data: { data: { verified: true, valid_until: '2030-01-01T10:15:00.000Z' } } };
        }
        return undefined;
      },
    });
    openPerson();
    fireEvent.click(await screen.findByRole('button', { name: 'Console role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Console role' });
    expect((within(dialog).getByRole('checkbox', { name: LEEDS.name }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'HR' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    const twoFactor = await screen.findByRole('dialog', { name: 'Two Factor Auth Required' });
    fireEvent.click(await within(twoFactor).findByRole('button', { name: 'Send code' }));
    fireEvent.change(await within(twoFactor).findByRole('textbox', { name: 'Verification code' }), {
      target: { value: '123456' },
    });
    fireEvent.click(within(twoFactor).getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(notificationStore.getState()).toMatchObject({
      severity: 'success',
      message: 'Ava Clarke is now in HR in the console.',
    });
    expect(server.calls().filter((call) => call.includes('/role'))).toEqual([
      `POST /admin/people/${ID}/role`,
      `POST /admin/people/${ID}/role`,
    ]);
  });

  it('offers a manager no console role change', async () => {
    fakeConsole({ me: { role: 'manager', venues: [LEEDS], password_links: true } });
    openPerson('manager');
    expect(await screen.findByRole('button', { name: 'Mark training complete' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Console role' })).toBeNull();
  });

  it('shows a person the console may not see as not found, with Try again', async () => {
    fakeConsole({
      override: (call) =>
        call.path.startsWith('/admin/people/')
          ? { status: 404, data: { errors: { message: 'That person was not found.' } } }
          : undefined,
    });
    openPerson();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('That person was not found.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('lets HR erase a leaver’s personal data, showing what the law keeps until when', async () => {
    const item = (
      kind: string,
      label: string,
      status: string,
      kept_until: string | null = null,
      why: string | null = null,
    ) => ({
      kind,
      label,
      status,
      kept_until,
      why,
    });
    const kept = [
      item('documents', 'Contracts and agreements', 'kept', '2032-01-01', 'Limitation Act 1980'),
      item('staff-record', 'Staff record', 'kept', '2032-01-01', 'Needed to say whose they are'),
    ];
    let erasedAt: string | null = null;
    const plan = () => ({
      staff_id: ID,
      access_ended_at: '2026-01-01T00:00:00.000Z',
      erased_at: erasedAt,
      items: [...kept, item('vehicles', 'Vehicles and insurance documents', erasedAt ? 'none' : 'erase')],
    });
    const server = fakeConsole({
      current: person({ left: true, leaving_date: '2025-12-31', access_ends_at: '2026-01-01T00:00:00.000Z' }),
      override: (call) => {
        const route = `${call.method} ${call.path.replace(/\?.*/, '')}`;
        if (route === `GET /admin/people/${ID}/erasure`) return { status: 200, data: { data: plan() } };
        if (route === `POST /admin/people/${ID}/erasure`) {
          erasedAt = '2026-03-02T10:00:00.000Z';
          return { status: 200, data: { data: { erased: ['vehicles'], plan: plan() } } };
        }
        return undefined;
      },
    });
    openPerson();
    fireEvent.click(await screen.findByRole('button', { name: 'Erase personal data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase personal data' });
    const keptList = await within(dialog).findByRole('region', { name: 'Kept by law' });
    expect(within(keptList).getByText('Kept until 01/01/2032: Limitation Act 1980')).toBeTruthy();
    expect(
      within(within(dialog).getByRole('region', { name: 'Will be erased now' })).getByText(
        'Vehicles and insurance documents',
      ),
    ).toBeTruthy();
    // Not ticked: nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase now' }));
    expect(await within(dialog).findByText('Tick this to erase their data')).toBeTruthy();
    expect(server.calls().filter((c) => c.startsWith('POST'))).toEqual([]);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'I understand that this cannot be undone' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(notificationStore.getState()).toMatchObject({
      severity: 'success',
      message: "Ava Clarke's personal data has been erased, but for what the law keeps.",
    });
    const erased = await screen.findByRole('region', { name: 'Personal data erased' });
    expect(within(erased).getByText('Their personal data was erased on request on 02/03/2026.')).toBeTruthy();
    expect(within(erased).getByText('Kept until 01/01/2032: Needed to say whose they are')).toBeTruthy();
  });

  it('offers no erasure to a venue manager, nor for someone who has not left', async () => {
    fakeConsole({
      me: { role: 'manager', venues: [LEEDS], password_links: true },
      current: person({ left: true, leaving_date: '2025-12-31', access_ends_at: '2026-01-01T00:00:00.000Z' }),
    });
    openPerson('manager');
    await screen.findByRole('heading', { level: 1, name: 'Ava Clarke' });
    expect(screen.queryByRole('button', { name: 'Erase personal data' })).toBeNull();
    cleanup();
    fakeConsole();
    openPerson();
    await screen.findByRole('heading', { level: 1, name: 'Ava Clarke' });
    expect(screen.queryByRole('button', { name: 'Erase personal data' })).toBeNull();
  });
});
