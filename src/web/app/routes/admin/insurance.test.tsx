import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeConsole, LEEDS, pendingInsurance, YORK } from '@web/features/console/shared/testing/fake-console';
import { notificationStore } from '@web/stores/notification-store';
import { ukToday } from '@shared/uk-today';
import { renderSignedIn } from '@web/testing/render-signed-in';
import { staffMember } from '@web/testing/staff-member';
import { typeDate } from '@web/testing/type-date';
import ConsoleLayout from './layout';

// pdf.js needs a real browser (the e2e draws the PDF); the viewer says which PDF it was given.
vi.mock('@web/components/signing/pdf-viewer', () => ({
  default: ({ url, title }: { url: string; title: string }) => <p>{`PDF viewer: ${title} at ${url}`}</p>,
}));

const hr = staffMember({ console_role: 'hr' });
/** A last day of cover the picker and the server take: a year from today in the UK. */
const COVER_ENDS = dayjs(ukToday()).add(1, 'year');

const ava = pendingInsurance();
const ben = pendingInsurance({
  vehicle_id: '5e4d3c2b-1a09-4f8e-9d7c-6b5a4f3e2d02',
  registration: 'YK70ABC',
  make: 'FORD',
  model: 'TRANSIT',
  mot_expiry: '2020-01-31',
  mot_passed: false,
  person: { id: '0b1c6a52-6f8e-4d4a-9a51-5a7b2c4d0e02', name: 'Ben Ode', venue: YORK.name },
  document: {
    id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c02',
    original_filename: 'van-cover.png',
    uri: '/api/rest/file/content/9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c02?expires=1&disposition=inline&sig=y',
  },
  since: '2026-03-12T09:00:00.000Z',
});

/** The console's insurance queue, signed in as HR. */
function openQueue() {
  return renderSignedIn(() => <ConsoleLayout />, hr, '/admin/insurance');
}

/** A document of the queue, named by its registration. */
const item = (registration: string) => screen.findByRole('region', { name: registration });

/** A phone: MUI's `down('md')` queries match. */
function onAPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
  }));
}

const posts = (calls: string[]) => calls.filter((call) => call.startsWith('POST'));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Insurance queue', () => {
  it('lists the documents oldest first, each with its person, vehicle, MOT and wait, the document beside it', async () => {
    fakeConsole({ queue: [ava, ben] });
    openQueue();
    expect(await screen.findByRole('heading', { level: 1, name: 'Insurance queue' })).toBeTruthy();
    const first = await item('LS21BAR');
    expect(within(first).getByText('VOLKSWAGEN GOLF')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Ava Clarke' }).getAttribute('href')).toBe(
      '/admin/people/0b1c6a52-6f8e-4d4a-9a51-5a7b2c4d0e01',
    );
    expect(within(first).getByText(LEEDS.name)).toBeTruthy();
    expect(within(first).getByText('Passed · expires 30/11/2099')).toBeTruthy();
    expect(within(first).getByText('motor-insurance.pdf')).toBeTruthy();
    expect(within(first).getByText(/^11\/03\/2026 \(/)).toBeTruthy();
    // The signed inline address is the viewer's source.
    expect(
      await within(first).findByText(`PDF viewer: Insurance document for LS21BAR at ${ava.document.uri}`),
    ).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(ava.document.uri);

    const second = await item('YK70ABC');
    expect(within(second).getByText('Expired 31/01/2020 · last test failed')).toBeTruthy();
    expect(within(second).getByRole('img', { name: 'Insurance document for YK70ABC' }).getAttribute('src')).toBe(
      ben.document.uri,
    );
    const order = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(order).toEqual(['LS21BAR', 'YK70ABC']);
    expect(screen.getByRole('banner').textContent).toContain('Insurance queue');
    expect(
      within(screen.getByRole('navigation', { name: 'HR console' }))
        .getByRole('tab', { name: 'Insurance' })
        .getAttribute('aria-current'),
    ).toBe('page');
  });

  it('says when nothing is waiting', async () => {
    fakeConsole({ queue: [] });
    openQueue();
    expect(await screen.findByText('Nothing waiting')).toBeTruthy();
  });

  it('approves the document shown with the last day of cover, asking for one first, says so, and it leaves the queue', async () => {
    const server = fakeConsole({ queue: [ava, ben] });
    openQueue();
    fireEvent.click(within(await item('LS21BAR')).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve insurance for LS21BAR?' });
    expect(within(dialog).getByText(/Ava Clarke is reminded to send the new certificate 30 days before/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('Enter the date the cover ends')).toBeTruthy();
    expect(posts(server.calls())).toEqual([]);

    await typeDate('Cover ends', COVER_ENDS.format('DD/MM/YYYY'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(notificationStore.getState()).toMatchObject({
        open: true,
        severity: 'success',
        message: 'LS21BAR (Ava Clarke): insurance approved.',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('region', { name: 'LS21BAR' })).toBeNull());
    expect(screen.getByRole('region', { name: 'YK70ABC' })).toBeTruthy();
    const post = server.seen.find((call) => call.method === 'POST');
    expect(post?.path).toBe(`/admin/insurance/${ava.vehicle_id}/approve`);
    expect(JSON.parse(post!.body)).toEqual({
      document_id: ava.document.id,
      cover_ends: COVER_ENDS.format('YYYY-MM-DD'),
    });
  });

  it('shows a refused cover end under the date, keeping it', async () => {
    fakeConsole({
      queue: [ava],
      override: (call) =>
        call.method === 'POST'
          ? {
              status: 400,
              data: {
                errors: {
                  message: 'The cover must end within 2 years, by 27/11/2028.',
                  fields: [{ field: 'cover_ends', error: 'The cover must end within 2 years, by 27/11/2028' }],
                },
              },
            }
          : undefined,
    });
    openQueue();
    fireEvent.click(within(await item('LS21BAR')).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve insurance for LS21BAR?' });
    await typeDate('Cover ends', COVER_ENDS.format('DD/MM/YYYY'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('The cover must end within 2 years, by 27/11/2028')).toBeTruthy();
    expect(within(dialog).getByRole('group', { name: /^Cover ends/ }).textContent).toContain(
      COVER_ENDS.format('DD/MM/YYYY'),
    );
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('rejects with the reason the member sees, asking for one first', async () => {
    const server = fakeConsole({ queue: [ava] });
    openQueue();
    fireEvent.click(within(await item('LS21BAR')).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject insurance for LS21BAR?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Say why, so the member can fix it.')).toBeTruthy();
    expect(posts(server.calls())).toEqual([]);

    const reason = within(dialog).getByRole('textbox', { name: /^Reason/ });
    expect(reason.getAttribute('maxlength')).toBe('300');
    fireEvent.change(reason, { target: { value: '  No business class 2 cover  ' } });
    expect(await within(dialog).findByText('29/300')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));

    await waitFor(() =>
      expect(notificationStore.getState()).toMatchObject({
        open: true,
        severity: 'success',
        message: 'LS21BAR (Ava Clarke): insurance rejected.',
      }),
    );
    const post = server.seen.find((call) => call.method === 'POST');
    expect(post?.path).toBe(`/admin/insurance/${ava.vehicle_id}/reject`);
    expect(JSON.parse(post!.body)).toEqual({ document_id: ava.document.id, reason: 'No business class 2 cover' });
    expect(await screen.findByText('Nothing waiting')).toBeTruthy();
  });

  it('shows a refused reason under it', async () => {
    fakeConsole({
      queue: [ava],
      override: (call) =>
        call.method === 'POST'
          ? {
              status: 400,
              data: {
                errors: {
                  message: 'Some of the information given is not valid.',
                  fields: [{ field: 'reason', error: 'Too big: expected string to have <=300 characters' }],
                },
              },
            }
          : undefined,
    });
    openQueue();
    fireEvent.click(within(await item('LS21BAR')).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject insurance for LS21BAR?' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Reason/ }), { target: { value: 'Wrong class' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Too big: expected string to have <=300 characters')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Reject insurance for LS21BAR?' })).toBeTruthy();
    expect((within(dialog).getByRole('textbox', { name: /^Reason/ }) as HTMLTextAreaElement).value).toBe('Wrong class');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('when the member replaced the document meanwhile (DOCUMENT_REPLACED), says so and shows the new one', async () => {
    const replaced = pendingInsurance({
      document: {
        id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c09',
        original_filename: 'new-cover.pdf',
        uri: '/api/rest/file/content/9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c09?sig=z',
      },
    });
    let queue = [ava];
    const server = fakeConsole({
      override: (call) => {
        if (call.method === 'GET' && call.path === '/admin/insurance') return { status: 200, data: { data: queue } };
        if (call.method !== 'POST') return undefined;
        queue = [replaced];
        return {
          status: 409,
          data: {
            errors: {
              message: 'The member has replaced that document since: check the new one.',
              code: 'DOCUMENT_REPLACED',
            },
          },
        };
      },
    });
    openQueue();
    fireEvent.click(within(await item('LS21BAR')).getByRole('button', { name: 'Approve' }));
    const approving = await screen.findByRole('dialog', { name: 'Approve insurance for LS21BAR?' });
    await typeDate('Cover ends', COVER_ENDS.format('DD/MM/YYYY'));
    fireEvent.click(within(approving).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(notificationStore.getState()).toMatchObject({
        open: true,
        severity: 'error',
        message:
          'Ava Clarke has sent a new document for LS21BAR since this one was shown: nothing was decided, and the queue now shows the new one.',
      }),
    );
    expect(await within(await item('LS21BAR')).findByText('new-cover.pdf')).toBeTruthy();
    expect(server.calls().filter((call) => call === 'GET /admin/insurance')).toHaveLength(2);

    // The same from the reject dialog: it closes, since its document is gone.
    fireEvent.click(within(await item('LS21BAR')).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject insurance for LS21BAR?' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Reason/ }), { target: { value: 'Expired policy' } });
    notificationStore.setState({ open: false });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(notificationStore.getState()).toMatchObject({ open: true, severity: 'error' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('on a phone opens the document full screen from the signed address', async () => {
    onAPhone();
    fakeConsole({ queue: [ava] });
    openQueue();
    const first = await item('LS21BAR');
    expect(within(first).queryByText(/^PDF viewer/)).toBeNull();
    fireEvent.click(within(first).getByRole('button', { name: 'View document' }));
    const viewer = await screen.findByRole('dialog', { name: 'Insurance document' });
    expect(
      await within(viewer).findByText(`PDF viewer: Insurance document: LS21BAR · Ava Clarke at ${ava.document.uri}`),
    ).toBeTruthy();
    expect(within(viewer).getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(ava.document.uri);
  });
});
