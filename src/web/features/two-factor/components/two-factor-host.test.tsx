import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TfaMethod } from '@shared/api/two-factor.js';
import { TWO_FACTOR_EVENT } from '@shared/constants.js';
import { api } from '@web/lib/api-client';
import { requestStepUp } from '@web/lib/step-up';
import { httpError, ok } from '@web/testing/http';
import { renderSignedIn } from '@web/testing/render-signed-in';
import { staffMember } from '@web/testing/staff-member';
import { TwoFactorHost } from './two-factor-host';
import { notificationStore } from '@web/stores/notification-store';

const EMAIL: TfaMethod = {
  id: '0b1c6a52-6f8e-4d4a-9a51-5a7b2c4d0e01',
  setup_complete: true,
  deleted: false,
  type: { id: 1, name: 'Email code', description: 'A 6-digit code sent to your email address' },
};
const PHONE: TfaMethod = {
  id: '0b1c6a52-6f8e-4d4a-9a51-5a7b2c4d0e02',
  setup_complete: true,
  deleted: false,
  type: { id: 2, name: 'Text message code', description: 'A 6-digit code sent by text message to your mobile' },
};
const APP: TfaMethod = {
  id: '0b1c6a52-6f8e-4d4a-9a51-5a7b2c4d0e03',
  setup_complete: true,
  deleted: false,
  type: { id: 3, name: 'Authenticator app', description: 'The 6-digit code shown in your authenticator app' },
};
const UNFINISHED: TfaMethod = {
  ...PHONE,
  id: '0b1c6a52-6f8e-4d4a-9a51-5a7b2c4d0e04',
  setup_complete: false,
  type: { id: 2, name: 'Old phone', description: '' },
};
const DELETED: TfaMethod = {
  ...EMAIL,
  id: '0b1c6a52-6f8e-4d4a-9a51-5a7b2c4d0e05',
  deleted: true,
  type: { id: 1, name: 'Old email', description: '' },
};

const CHALLENGE = 'c0ffee00-0000-4000-8000-000000000001';
const EXPIRES = '2030-01-01T10:10:00.000Z';

function mockMethods(methods: TfaMethod[] = [EMAIL, PHONE, APP, UNFINISHED, DELETED]) {
  return vi
    .spyOn(api, 'get')
    .mockResolvedValue(ok({ data: methods, meta: { page: 1, per_page: 20, total: methods.length } }));
}

function renderHost() {
  return renderSignedIn(() => <TwoFactorHost />, staffMember());
}

function fireTwoFactorEvent() {
  act(() => {
    window.dispatchEvent(new Event(TWO_FACTOR_EVENT));
  });
}

async function openDialog() {
  fireTwoFactorEvent();
  const dialog = await screen.findByRole('dialog', { name: 'Two Factor Auth Required' });
  await within(dialog).findByRole('radio', { name: /Email code/ });
  return dialog;
}

const button = (dialog: HTMLElement, name: string) => within(dialog).getByRole('button', { name }) as HTMLButtonElement;
const codeField = (dialog: HTMLElement) =>
  within(dialog).getByRole('textbox', { name: 'Verification code' }) as HTMLInputElement;

afterEach(cleanup);

describe('Two-factor dialog opening and closing', () => {
  it('is not shown until the two-factor event, then opens with my usable methods', async () => {
    const get = mockMethods();
    renderHost();
    expect(screen.queryByRole('dialog')).toBeNull();
    const dialog = await openDialog();
    expect(get).toHaveBeenCalledWith('/bouncer/tfa/my-methods', { params: { page: 1, include: 'type' } });
    const radios = within(dialog).getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Email codeA 6-digit code sent to your email address',
      'Text message codeA 6-digit code sent by text message to your mobile',
      'Authenticator appThe 6-digit code shown in your authenticator app',
    ]);
    expect((radios[0] as HTMLInputElement).checked).toBe(true);
    expect(button(dialog, 'Send code')).toBeTruthy();
    expect(button(dialog, 'Cancel')).toBeTruthy();
  });

  it('does not close on Escape nor on a click on the backdrop; Cancel closes it and the step-up that asked fails', async () => {
    mockMethods();
    renderHost();
    let outcome!: Promise<boolean>;
    act(() => {
      outcome = requestStepUp();
    });
    const dialog = await screen.findByRole('dialog', { name: 'Two Factor Auth Required' });
    await within(dialog).findByRole('radio', { name: /Email code/ });
    // Fake time runs any closing transition to its end at once, with no real wait.
    vi.useFakeTimers();
    try {
      fireEvent.keyDown(dialog, { key: 'Escape' });
      const backdrop = document.querySelector('.MuiBackdrop-root');
      if (backdrop) fireEvent.click(backdrop);
      act(() => vi.advanceTimersByTime(5_000));
      expect(screen.getByRole('dialog', { name: 'Two Factor Auth Required' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }

    fireEvent.click(button(dialog, 'Cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(outcome).resolves.toBe(false);
  });

  it('ignores the event while open, and starts afresh when opened again', async () => {
    mockMethods();
    vi.spyOn(api, 'post').mockResolvedValue(
      ok({ data: { code: CHALLENGE, sent_to: 'p****@example.com', expires_at: EXPIRES } }),
    );
    renderHost();
    let dialog = await openDialog();
    fireEvent.click(button(dialog, 'Send code'));
    await within(dialog).findByRole('textbox', { name: 'Verification code' });
    fireTwoFactorEvent();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(codeField(dialog)).toBeTruthy();

    fireEvent.click(button(dialog, 'Cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await openDialog();
    expect(within(dialog).queryByRole('textbox', { name: 'Verification code' })).toBeNull();
  });

  it('says so when no method is set up', async () => {
    mockMethods([UNFINISHED, DELETED]);
    renderHost();
    fireTwoFactorEvent();
    const dialog = await screen.findByRole('dialog', { name: 'Two Factor Auth Required' });
    expect(await within(dialog).findByText(/no way to receive a verification code set up yet/)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Send code' })).toBeNull();
  });
});

describe('Two-factor dialog check', () => {
  it('sends a code with the chosen method, verifies it, closes and answers the step-up that asked as passed', async () => {
    mockMethods();
    const post = vi
      .spyOn(api, 'post')
      .mockResolvedValueOnce(ok({ data: { code: CHALLENGE, sent_to: '07*** ***123', expires_at: EXPIRES } }))
      .mockResolvedValueOnce(ok({ data: { verified: true, valid_until: EXPIRES } }));
    renderHost();
    let outcome!: Promise<boolean>;
    act(() => {
      outcome = requestStepUp();
    });
    const dialog = await screen.findByRole('dialog', { name: 'Two Factor Auth Required' });
    fireEvent.click(await within(dialog).findByRole('radio', { name: /Text message code/ }));
    fireEvent.click(button(dialog, 'Send code'));

    const field = await within(dialog).findByRole('textbox', { name: 'Verification code' });
    expect(post).toHaveBeenNthCalledWith(1, `/bouncer/tfa-logged-in/initiate/${PHONE.id}`);
    expect(within(dialog).getByText(/We sent a 6-digit code to 07\*\*\* \*\*\*123/)).toBeTruthy();
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(button(dialog, 'Verify').disabled).toBe(true);

    fireEvent.change(field, { target: { value: '12 34a56' } });
    expect(codeField(dialog).value).toBe('123456');
    fireEvent.click(button(dialog, 'Verify'));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(post).toHaveBeenNthCalledWith(2, `/bouncer/tfa-logged-in/${CHALLENGE}/verify`, {
      code: '123456',
      method: PHONE.id,
    });
    await expect(outcome).resolves.toBe(true);
    // The save that asked announces itself; the dialog adds no snackbar of its own.
    expect(notificationStore.getState().open).toBe(false);
  });

  it('asks for the code from the app for an authenticator, without saying one was sent', async () => {
    mockMethods();
    const post = vi
      .spyOn(api, 'post')
      .mockResolvedValue(ok({ data: { code: CHALLENGE, sent_to: null, expires_at: EXPIRES } }));
    renderHost();
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('radio', { name: /Authenticator app/ }));
    fireEvent.click(button(dialog, 'Continue'));
    await within(dialog).findByRole('textbox', { name: 'Verification code' });
    expect(post).toHaveBeenCalledWith(`/bouncer/tfa-logged-in/initiate/${APP.id}`);
    expect(within(dialog).getByText(/Open your authenticator app and enter the 6-digit code/)).toBeTruthy();
    expect(within(dialog).queryByText(/We sent/)).toBeNull();
  });

  it('shows a wrong code inline and stays open; a new code can be asked for', async () => {
    mockMethods();
    const post = vi
      .spyOn(api, 'post')
      .mockResolvedValueOnce(ok({ data: { code: CHALLENGE, sent_to: 'p****@example.com', expires_at: EXPIRES } }))
      .mockRejectedValueOnce(
        httpError(400, {
          errors: {
            message: 'That code is not right. 4 tries left.',
            fields: [{ field: 'code', error: 'is not right' }],
          },
        }),
      )
      .mockResolvedValueOnce(
        ok({
          data: { code: 'c0ffee00-0000-4000-8000-000000000002', sent_to: 'p****@example.com', expires_at: EXPIRES },
        }),
      );
    renderHost();
    const dialog = await openDialog();
    fireEvent.click(button(dialog, 'Send code'));
    fireEvent.change(await within(dialog).findByRole('textbox', { name: 'Verification code' }), {
      target: { value: '000000' },
    });
    fireEvent.click(button(dialog, 'Verify'));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('That code is not right. 4 tries left.');
    expect(codeField(dialog).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('dialog', { name: 'Two Factor Auth Required' })).toBeTruthy();

    fireEvent.click(button(dialog, 'Send a new code'));
    expect(await within(dialog).findByText(/We sent a new 6-digit code to p\*\*\*\*@example.com/)).toBeTruthy();
    expect(post).toHaveBeenNthCalledWith(3, `/bouncer/tfa-logged-in/initiate/${EMAIL.id}`);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(codeField(dialog).value).toBe('');
  });

  it('shows a lock-out (429) inline', async () => {
    mockMethods([EMAIL]);
    vi.spyOn(api, 'post')
      .mockResolvedValueOnce(ok({ data: { code: CHALLENGE, sent_to: 'p****@example.com', expires_at: EXPIRES } }))
      .mockRejectedValueOnce(httpError(429, { errors: { message: 'Too many wrong codes. Ask for a new code.' } }));
    renderHost();
    const dialog = await openDialog();
    fireEvent.click(button(dialog, 'Send code'));
    fireEvent.change(await within(dialog).findByRole('textbox', { name: 'Verification code' }), {
      target: { value: '111111' },
    });
    fireEvent.click(button(dialog, 'Verify'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Too many wrong codes. Ask for a new code.');
    expect(within(dialog).queryByRole('button', { name: 'Choose another method' })).toBeNull();
  });

  it('shows a failure to send a code inline on the choice of method', async () => {
    mockMethods();
    vi.spyOn(api, 'post').mockRejectedValue(
      httpError(429, { errors: { message: 'Too many codes asked for. Please wait a few minutes and try again.' } }),
    );
    renderHost();
    const dialog = await openDialog();
    fireEvent.click(button(dialog, 'Send code'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Too many codes asked for. Please wait a few minutes and try again.',
    );
    expect(within(dialog).getAllByRole('radio')).toHaveLength(3);
  });
});
