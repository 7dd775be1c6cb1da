import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@web/lib/api-client';
import { ME_QUERY_KEY } from '@web/lib/me-query-key';
import { deferred, httpError, ok } from '@web/testing/http';
import { renderSignedIn } from '@web/testing/render-signed-in';
import { staffMember } from '@web/testing/staff-member';
import { MyDetails } from './my-details';
import { notificationStore } from '@web/stores/notification-store';

const staff = staffMember({
  mobile: '07700 900123',
  nok_name: 'Ravi Shah',
  nok_phone: '07700 900456',
  bank_account: '****5678',
  sort_code: '**-**-56',
  address_line1: '1 High Street',
  address_postal_code: 'M1 1AA',
});

function renderMyDetails(member = staff) {
  return renderSignedIn((current) => <MyDetails staff={current} />, member);
}

const card = (title: string) => screen.getByRole('article', { name: title });
const textbox = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole('textbox', { name }) as HTMLInputElement;

async function openContact() {
  fireEvent.click(screen.getByRole('button', { name: 'Edit Email & Contact' }));
  return screen.findByRole('dialog', { name: 'Email & Contact' });
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The files the page handed to the browser to save: name and Blob. */
function catchSaves() {
  const saved: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  // jsdom has no object URLs: a URL class that has them, for this test only.
  class BlobUrls extends URL {
    static override createObjectURL(blob: Blob): string {
      const address = `blob:${blobs.size}`;
      blobs.set(address, blob);
      return address;
    }
    static override revokeObjectURL(): void {}
  }
  vi.stubGlobal('URL', BlobUrls);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.getAttribute('href')!)! });
  });
  return saved;
}

describe('My data', () => {
  it('downloads the zip under the name the server gives it, with a spinner while it is prepared', async () => {
    const saved = catchSaves();
    const answer = deferred<{ data: { blob: Blob; filename: string | null } }>();
    const download = vi.spyOn(api, 'getWith').mockReturnValue(answer.promise as never);
    renderMyDetails();
    const region = screen.getByRole('region', { name: 'My data' });
    fireEvent.click(within(region).getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(download).toHaveBeenCalledWith('/staff/self-service/my-data', expect.any(Function)));
    const preparing = await within(region).findByRole('button', { name: /Preparing your data/ });
    expect((preparing as HTMLButtonElement).disabled).toBe(true);
    answer.resolve(ok({ blob: new Blob(['PK']), filename: 'Staffroom data of Ava Clarke 2026-11-28.zip' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('Staffroom data of Ava Clarke 2026-11-28.zip');
    expect(await within(region).findByRole('button', { name: 'Download my data' })).toBeTruthy();
  });

  it('says why a download was refused, but not when the second factor was cancelled', async () => {
    catchSaves();
    const download = vi
      .spyOn(api, 'getWith')
      .mockRejectedValueOnce(httpError(402, { errors: { message: 'Please confirm it is you.' } }))
      .mockRejectedValueOnce(httpError(429, { errors: { message: 'Too many requests, try again later.' } }));
    renderMyDetails();
    const region = screen.getByRole('region', { name: 'My data' });
    fireEvent.click(within(region).getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(within(region).getByRole('button', { name: 'Download my data' })).toBeTruthy());
    expect(within(region).queryByRole('alert')).toBeNull();
    fireEvent.click(within(region).getByRole('button', { name: 'Download my data' }));
    expect((await within(region).findByRole('alert')).textContent).toBe('Too many requests, try again later.');
  });
});

describe('MyDetails page', () => {
  it("shows 'My Details', 'My Information' and the four cards with a summary of each", () => {
    renderMyDetails();
    expect(screen.getByRole('heading', { level: 1, name: 'My Details' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'My Information' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Email & Contact',
      'Banking',
      'Personal & Profile',
      'Profile Picture',
    ]);
    expect(within(card('Email & Contact')).getByText('priya.shah@example.com')).toBeTruthy();
    expect(within(card('Email & Contact')).getByText('07700 900123')).toBeTruthy();
    expect(within(card('Banking')).getByText('Account ending 5678')).toBeTruthy();
    expect(within(card('Personal & Profile')).getByText('1 High Street, M1 1AA')).toBeTruthy();
    expect(within(card('Profile Picture')).getByText('No picture yet')).toBeTruthy();
    expect(within(card('Profile Picture')).getByRole('button', { name: 'Add Profile Picture' })).toBeTruthy();
  });

  it('shows the saved picture on its card', () => {
    renderMyDetails(staffMember({ selfie: { data: { id: 's1', uri: '/api/files/selfie/s1' } } }));
    const picture = within(card('Profile Picture')).getByRole('img', { name: 'Your profile picture' });
    expect(picture.getAttribute('src')).toBe('/api/files/selfie/s1');
    expect(within(card('Profile Picture')).getByRole('button', { name: 'View Profile Picture' })).toBeTruthy();
  });
});

describe('Email & Contact modal', () => {
  it('opens filled in from the staff member, with Cancel and Save', async () => {
    renderMyDetails();
    const dialog = await openContact();
    expect(textbox(dialog, 'Email address').value).toBe('priya.shah@example.com');
    expect(textbox(dialog, 'Mobile').value).toBe('07700 900123');
    expect(textbox(dialog, 'Mobile').getAttribute('inputmode')).toBe('tel');
    expect(textbox(dialog, 'Next of kin name').value).toBe('Ravi Shah');
    expect(textbox(dialog, 'Next of kin phone').value).toBe('07700 900456');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('saves, updates the user, closes and says so', async () => {
    const refreshed = { ...staff, email_address: 'priya@example.org', mobile: '07700 900999' };
    const post = vi.spyOn(api, 'post').mockResolvedValue(ok({ data: refreshed }));
    const { queryClient } = renderMyDetails();
    const dialog = await openContact();
    fireEvent.change(textbox(dialog, 'Email address'), { target: { value: 'priya@example.org' } });
    fireEvent.change(textbox(dialog, 'Mobile'), { target: { value: '07700 900999' } });
    fireEvent.change(textbox(dialog, 'Next of kin name'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(post).toHaveBeenCalledWith('/staff/self-service/contact-details', {
      email_address: 'priya@example.org',
      mobile: '07700 900999',
      nok_name: null,
      nok_phone: '07700 900456',
    });
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toEqual(refreshed);
    expect(within(card('Email & Contact')).getByText('priya@example.org')).toBeTruthy();
    expect(notificationStore.getState()).toMatchObject({ open: true, severity: 'success' });
  });

  it('shows field errors under their fields but no alert, and keeps what was typed', async () => {
    vi.spyOn(api, 'post').mockRejectedValue(
      httpError(400, {
        errors: {
          message: 'Please check your details',
          fields: [
            { field: 'email_address', error: 'That email address is already used' },
            { field: 'nok_phone', error: 'Enter a valid phone number' },
          ],
        },
      }),
    );
    renderMyDetails();
    const dialog = await openContact();
    fireEvent.change(textbox(dialog, 'Email address'), { target: { value: 'taken@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    const emailError = await within(dialog).findByText('That email address is already used');
    const email = textbox(dialog, 'Email address');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe(emailError.id);
    expect(within(dialog).getByText('Enter a valid phone number')).toBeTruthy();
    expect(email.value).toBe('taken@example.com');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).queryByText('Please check your details')).toBeNull();
  });

  it('hides a field’s old complaint once it is edited, keeping the others', async () => {
    vi.spyOn(api, 'post').mockRejectedValue(
      httpError(400, {
        errors: {
          message: 'Please check your details',
          fields: [
            { field: 'mobile', error: 'Enter a valid phone number' },
            { field: 'nok_phone', error: 'Enter a valid next of kin phone' },
          ],
        },
      }),
    );
    renderMyDetails();
    const dialog = await openContact();
    fireEvent.change(textbox(dialog, 'Mobile'), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a valid phone number')).toBeTruthy();
    fireEvent.change(textbox(dialog, 'Mobile'), { target: { value: '07700 900124' } });
    await waitFor(() => expect(within(dialog).queryByText('Enter a valid phone number')).toBeNull());
    expect(within(dialog).getByText('Enter a valid next of kin phone')).toBeTruthy();
    expect(textbox(dialog, 'Mobile').value).toBe('07700 900124');
  });

  it('after a 402 keeps the form open with no alert, and the next Save succeeds', async () => {
    const refreshed = { ...staff, email_address: 'new@example.com' };
    const post = vi
      .spyOn(api, 'post')
      .mockRejectedValueOnce(httpError(402, { errors: { message: 'Please confirm it is you first' } }))
      .mockResolvedValueOnce(ok({ data: refreshed }));
    const { queryClient } = renderMyDetails();
    const dialog = await openContact();
    fireEvent.change(textbox(dialog, 'Email address'), { target: { value: 'new@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect((within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect(textbox(dialog, 'Email address').value).toBe('new@example.com');
    expect(within(dialog).queryByRole('alert')).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toEqual(refreshed);
  });

  it('Cancel closes without saving, and reopening starts from the staff member again', async () => {
    const post = vi.spyOn(api, 'post');
    renderMyDetails();
    let dialog = await openContact();
    fireEvent.change(textbox(dialog, 'Mobile'), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(post).not.toHaveBeenCalled();
    dialog = await openContact();
    expect(textbox(dialog, 'Mobile').value).toBe('07700 900123');
  });
});
