import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeConsole, invitation, joiner, LEEDS, YORK } from '@web/features/console/shared/testing/fake-console';
import { notificationStore } from '@web/stores/notification-store';
import { renderSignedIn } from '@web/testing/render-signed-in';
import { staffMember } from '@web/testing/staff-member';
import { typeDate } from '@web/testing/type-date';
import ConsoleLayout from './layout';

const hr = staffMember({ console_role: 'hr' });

/** The console's Joiners screen, signed in as HR, with the real api client answered by the fake server. */
function openJoiners() {
  return renderSignedIn(() => <ConsoleLayout />, hr, '/admin/joiners');
}

/** A column of the board, named by its heading. */
const column = (heading: string) => screen.getByRole('region', { name: heading });
/** The invite form's field labelled `label` (required fields carry an asterisk). */
const field = (label: string) =>
  within(screen.getByRole('form', { name: 'Invite a joiner' })).getByLabelText(
    new RegExp(`^${label}`),
  ) as HTMLInputElement;

/** Fills the invite form as HR would for Noor Ali at Leeds. */
async function fillInvite() {
  fireEvent.change(field('First name'), { target: { value: ' Noor ' } });
  fireEvent.change(field('Last name'), { target: { value: 'Ali' } });
  fireEvent.change(field('Email'), { target: { value: 'noor.ali@example.com' } });
  fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Venue/ }));
  fireEvent.click(screen.getByRole('option', { name: LEEDS.name }));
  fireEvent.change(field('Position'), { target: { value: 'Chef de partie' } });
  await typeDate('Start date', '07/12/2026');
}

const boardCalls = (calls: string[]) => calls.filter((call) => call === 'GET /admin/joiners').length;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Joiners', () => {
  it('shows the board by stage with venue, start date and how long each has waited, under the console tabs', async () => {
    fakeConsole({
      joiners: [
        joiner(),
        joiner({ id: 'j2', name: 'Ben Ode', stage: 'contract', waiting_days: 1, venue: YORK.name, position: null }),
        joiner({ id: 'j3', name: 'Cara Dunn', stage: 'complete', waiting_days: 2 }),
        joiner({ id: 'j4', name: 'Dev Shah', stage: 'expired', waiting_days: 0 }),
      ],
    });
    openJoiners();
    expect(await screen.findByRole('heading', { level: 1, name: 'Joiners' })).toBeTruthy();
    const noor = within(await screen.findByRole('region', { name: 'Filling in details' })).getByRole('article', {
      name: 'Noor Ali',
    });
    for (const text of [
      'noor.ali@example.com',
      `${LEEDS.name} · Chef de partie`,
      'Starts 07/12/2026',
      'Waiting 3 days',
      'Link works until 01/12/2026',
    ]) {
      expect(within(noor).getByText(text)).toBeTruthy();
    }
    expect(within(noor).getByRole('link', { name: 'Noor Ali' }).getAttribute('href')).toBe(
      '/admin/people/7c2d9e10-3b4a-4c5d-8e6f-0a1b2c3d4e01',
    );
    expect(within(noor).getByRole('button', { name: 'Send link again' })).toBeTruthy();
    expect(within(noor).getByRole('button', { name: 'Revoke link' })).toBeTruthy();
    expect(within(column('Signing the contract')).getByText('Waiting 1 day')).toBeTruthy();
    expect(within(column('Setting a password')).getByText('No one at this step')).toBeTruthy();
    const cara = within(column('Complete')).getByRole('article', { name: 'Cara Dunn' });
    expect(within(cara).getByText('Finished 2 days ago')).toBeTruthy();
    expect(within(cara).queryByRole('button')).toBeNull();
    const dev = within(column('Link expired or revoked')).getByRole('article', { name: 'Dev Shah' });
    expect(within(dev).getByRole('button', { name: 'Send link again' })).toBeTruthy();
    expect(within(dev).queryByRole('button', { name: 'Revoke link' })).toBeNull();

    const tabs = screen.getByRole('navigation', { name: 'HR console' });
    expect(within(tabs).getByRole('tab', { name: 'Joiners' }).getAttribute('aria-current')).toBe('page');
    expect(within(tabs).getByRole('tab', { name: 'Insurance' }).getAttribute('href')).toBe('/admin/insurance');
    expect(screen.getByRole('banner').textContent).toContain('Joiners');
  });

  it('says when there are no joiners yet, and shows a failed load with Try again', async () => {
    fakeConsole();
    openJoiners();
    expect(await screen.findByText('No joiners yet')).toBeTruthy();
    cleanup();
    fakeConsole({
      override: (call) =>
        call.path === '/admin/joiners' && call.method === 'GET'
          ? { status: 500, data: { errors: { message: 'The board is unavailable' } } }
          : undefined,
    });
    openJoiners();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The board is unavailable');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('invites a joiner, shows the link that was emailed, and refreshes the board', async () => {
    const server = fakeConsole({ joiners: [] });
    openJoiners();
    await screen.findByText('No joiners yet');
    await fillInvite();
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));

    const dialog = await screen.findByRole('dialog', { name: 'Invitation sent' });
    expect(within(dialog).getByText(/We have emailed Noor Ali at noor.ali@example.com a link/)).toBeTruthy();
    expect((within(dialog).getByRole('textbox', { name: 'Onboarding link' }) as HTMLInputElement).value).toBe(
      invitation().link,
    );
    const post = server.seen.find((call) => call.method === 'POST');
    expect(post?.path).toBe('/admin/joiners');
    expect(JSON.parse(post!.body)).toEqual({
      forename: 'Noor',
      surname: 'Ali',
      email: 'noor.ali@example.com',
      venue_id: LEEDS.id,
      position: 'Chef de partie',
      start_date: '2026-12-07',
    });
    await waitFor(() => expect(boardCalls(server.calls())).toBe(2));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The form is empty for the next joiner, keeping the venue.
    expect(field('First name').value).toBe('');
    expect(screen.getByRole('group', { name: /^Start date/ }).textContent).not.toContain('07/12/2026');
    expect(screen.getByRole('combobox', { name: /^Venue/ }).textContent).toBe(LEEDS.name);
  });

  it('when the email could not go, says why and offers the link to copy', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    fakeConsole({
      invited: invitation({ mail_problem: { reason: 'the mail server refused the address', will_retry: false } }),
    });
    openJoiners();
    await screen.findByText('No joiners yet');
    await fillInvite();
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));

    const dialog = await screen.findByRole('dialog', { name: 'Email not sent' });
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'The email could not be sent (the mail server refused the address): give them this link yourself.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    await waitFor(() =>
      expect(notificationStore.getState()).toMatchObject({ open: true, severity: 'success', message: 'Link copied.' }),
    );
    expect(writeText).toHaveBeenCalledWith(invitation().link);
  });

  it('marks every required field of an empty form, sending nothing', async () => {
    const server = fakeConsole({ joiners: [] });
    openJoiners();
    await screen.findByText('No joiners yet');
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    for (const text of [
      'Enter their first name',
      'Enter their last name',
      'Enter an email address like name@example.com',
      'Choose a venue',
      'Enter their position: it goes into their contract',
      'Enter their start date: it goes into their contract',
    ])
      expect(await screen.findByText(text)).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Invite a joiner' });
    expect(within(form).getAllByText(/\S/, { selector: '.Mui-error.MuiFormHelperText-root' })).toHaveLength(6);
    expect(server.calls().filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it("shows the server's field errors under their fields, an email in use under the email, and asks for what the contract needs first", async () => {
    let answer = {
      status: 400,
      data: {
        errors: {
          message: 'Some of the information given is not valid.',
          fields: [
            { field: 'email', error: 'Enter an email address like name@example.com' },
            { field: 'venue_id', error: 'Choose one of your venues' },
          ],
        },
      },
    };
    const server = fakeConsole({ override: (call) => (call.method === 'POST' ? answer : undefined) });
    openJoiners();
    await screen.findByText('No joiners yet');

    // Position and start date go into the contract: asked for before anything is sent.
    fireEvent.change(field('First name'), { target: { value: 'Noor' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Enter their position: it goes into their contract')).toBeTruthy();
    expect(screen.getByText('Enter their start date: it goes into their contract')).toBeTruthy();
    expect(server.calls().filter((call) => call.startsWith('POST'))).toEqual([]);

    await fillInvite();
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Enter an email address like name@example.com')).toBeTruthy();
    expect(screen.getByText('Choose one of your venues')).toBeTruthy();
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    // A corrected field stops showing its complaint; the others stay.
    fireEvent.change(field('Email'), { target: { value: 'noor@example.com' } });
    await waitFor(() => expect(screen.queryByText('Enter an email address like name@example.com')).toBeNull());
    expect(field('Email').value).toBe('noor@example.com');
    expect(screen.getByText('Choose one of your venues')).toBeTruthy();

    answer = {
      status: 409,
      data: { errors: { message: 'A staff member with the email noor@example.com already exists.' } },
    } as typeof answer;
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('A staff member with the email noor@example.com already exists.')).toBeTruthy();
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends a link again, says so and refreshes the board', async () => {
    const server = fakeConsole({ joiners: [joiner()] });
    openJoiners();
    const noor = await screen.findByRole('article', { name: 'Noor Ali' });
    fireEvent.click(within(noor).getByRole('button', { name: 'Send link again' }));
    await waitFor(() =>
      expect(notificationStore.getState()).toMatchObject({
        open: true,
        severity: 'success',
        message: 'A new link has been sent to Noor Ali.',
      }),
    );
    expect(server.calls()).toContain('POST /admin/joiners/7c2d9e10-3b4a-4c5d-8e6f-0a1b2c3d4e01/resend');
    await waitFor(() => expect(boardCalls(server.calls())).toBe(2));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the new link when it could not be emailed, and a refusal as an error notice', async () => {
    fakeConsole({
      joiners: [joiner()],
      invited: invitation({ mail_problem: { reason: 'no mail server answered', will_retry: true } }),
    });
    openJoiners();
    fireEvent.click(
      within(await screen.findByRole('article', { name: 'Noor Ali' })).getByRole('button', { name: 'Send link again' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Email not sent' });
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'The email could not be sent (no mail server answered). Staffroom will keep trying; meanwhile, give them this link yourself.',
    );
    cleanup();

    fakeConsole({
      joiners: [joiner()],
      override: (call) =>
        call.method === 'POST'
          ? { status: 409, data: { errors: { message: 'They have finished onboarding: there is no link to send.' } } }
          : undefined,
    });
    openJoiners();
    fireEvent.click(
      within(await screen.findByRole('article', { name: 'Noor Ali' })).getByRole('button', { name: 'Send link again' }),
    );
    await waitFor(() =>
      expect(notificationStore.getState()).toMatchObject({
        open: true,
        severity: 'error',
        message: 'They have finished onboarding: there is no link to send.',
      }),
    );
  });

  it('shows a refused revoke in its dialog', async () => {
    fakeConsole({
      joiners: [joiner()],
      override: (call) =>
        call.path.endsWith('/revoke')
          ? { status: 409, data: { errors: { message: 'They have finished onboarding.' } } }
          : undefined,
    });
    openJoiners();
    fireEvent.click(
      within(await screen.findByRole('article', { name: 'Noor Ali' })).getByRole('button', { name: 'Revoke link' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Revoke link?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke link' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('They have finished onboarding.');
  });

  it('revokes a link after a confirmation, says so, and the board shows it expired', async () => {
    const server = fakeConsole({ joiners: [joiner()] });
    openJoiners();
    fireEvent.click(
      within(await screen.findByRole('article', { name: 'Noor Ali' })).getByRole('button', { name: 'Revoke link' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Revoke link?' });
    expect(within(dialog).getByText(/noor.ali@example.com\) stops working at once/)).toBeTruthy();
    expect(server.calls().filter((call) => call.startsWith('POST'))).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke link' }));

    await waitFor(() =>
      expect(notificationStore.getState()).toMatchObject({
        open: true,
        severity: 'success',
        message: "Noor Ali's link no longer works.",
      }),
    );
    expect(server.calls().filter((call) => call.startsWith('POST'))).toEqual([
      'POST /admin/joiners/7c2d9e10-3b4a-4c5d-8e6f-0a1b2c3d4e01/revoke',
    ]);
    expect(await within(column('Link expired or revoked')).findByRole('article', { name: 'Noor Ali' })).toBeTruthy();
    expect(within(column('Filling in details')).getByText('No one at this step')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
