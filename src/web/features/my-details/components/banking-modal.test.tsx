import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@web/lib/api-client';
import { ME_QUERY_KEY } from '@web/lib/me-query-key';
import { answerFetch } from '@web/testing/fetch-answers';
import { httpError, ok } from '@web/testing/http';
import { renderSignedIn } from '@web/testing/render-signed-in';
import { staffMember } from '@web/testing/staff-member';
import { MyDetails } from './my-details';
import { notificationStore } from '@web/stores/notification-store';

const staff = staffMember({ bank_account: '****5678', sort_code: '**-**-56' });

async function openBanking(member = staff) {
  const rendered = renderSignedIn((current) => <MyDetails staff={current} />, member);
  fireEvent.click(screen.getByRole('button', { name: 'Edit Banking' }));
  const dialog = await screen.findByRole('dialog', { name: 'Banking' });
  const account = (await within(dialog).findByRole('textbox', { name: 'Account number' })) as HTMLInputElement;
  const sortCode = within(dialog).getByRole('textbox', { name: 'Sort code' }) as HTMLInputElement;
  return { ...rendered, dialog, account, sortCode };
}

const type = (input: HTMLInputElement, text: string) => fireEvent.input(input, { target: { value: text } });

afterEach(cleanup);

describe('Banking modal', () => {
  it('starts empty, with the current masked details as notes', async () => {
    const { dialog, account, sortCode } = await openBanking();
    expect(account.value).toBe('');
    expect(sortCode.value).toBe('');
    expect(within(dialog).getByText('Current account ends in 5678')).toBeTruthy();
    expect(within(dialog).getByText('Current sort code ends in 56')).toBeTruthy();
    expect(account.getAttribute('inputmode')).toBe('numeric');
    expect(sortCode.getAttribute('inputmode')).toBe('numeric');
  });

  it('masks the account number to 8 digits and the sort code to 00-00-00', async () => {
    const { account, sortCode } = await openBanking();
    type(account, '12a3456789');
    expect(account.value).toBe('12345678');
    type(sortCode, '123456');
    expect(sortCode.value).toBe('12-34-56');
  });

  it('saves, updates the user, closes and says so', async () => {
    const refreshed = { ...staff, bank_account: '****4321', sort_code: '**-**-99' };
    const post = vi.spyOn(api, 'post').mockResolvedValue(ok({ data: refreshed }));
    const { dialog, account, sortCode, queryClient } = await openBanking();
    type(account, '87654321');
    type(sortCode, '112299');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(post).toHaveBeenCalledWith('/staff/self-service/financials', {
      bank_account: '87654321',
      sort_code: '11-22-99',
    });
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toEqual(refreshed);
    expect(screen.getByText('Account ending 4321')).toBeTruthy();
    expect(notificationStore.getState()).toMatchObject({
      open: true,
      severity: 'success',
      message: 'Your bank details have been saved.',
    });
  });

  it('shows a failure in an alert and the field errors under their fields, keeping the values', async () => {
    vi.spyOn(api, 'post').mockRejectedValue(
      httpError(400, {
        errors: {
          message: 'Please check your bank details',
          fields: [{ field: 'sort_code', error: 'A sort code has 6 digits' }],
        },
      }),
    );
    const { dialog, account, sortCode } = await openBanking();
    type(account, '12345678');
    type(sortCode, '1234');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Please check your bank details');
    const fieldError = within(dialog).getByText('A sort code has 6 digits');
    expect(sortCode.getAttribute('aria-invalid')).toBe('true');
    expect(sortCode.getAttribute('aria-describedby')).toBe(fieldError.id);
    expect(account.value).toBe('12345678');
    expect(sortCode.value).toBe('12-34');
    expect(screen.getByRole('dialog', { name: 'Banking' })).toBeTruthy();
  });

  it('opens filled when the session may see the details in full, with no Show button', async () => {
    const { dialog, account, sortCode } = await openBanking(
      staffMember({ bank_account: '12345678', sort_code: '12-34-56' }),
    );
    expect(account.value).toBe('12345678');
    expect(sortCode.value).toBe('12-34-56');
    expect(within(dialog).getByText('Current account ends in 5678')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Show current details' })).toBeNull();
  });

  it('Show current details fetches the details held and fills the fields', async () => {
    const calls = answerFetch(() => ({
      status: 200,
      data: { data: { bank_account: '12345678', sort_code: '12-34-56' } },
    }));
    const { dialog, account, sortCode } = await openBanking();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show current details' }));
    await waitFor(() => expect(account.value).toBe('12345678'));
    expect(sortCode.value).toBe('12-34-56');
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /staff/self-service/financials']);
    expect(within(dialog).queryByRole('button', { name: 'Show current details' })).toBeNull();
  });

  it('offers no Show button when nothing is held', async () => {
    const { dialog } = await openBanking(staffMember());
    expect(within(dialog).queryByRole('button', { name: 'Show current details' })).toBeNull();
  });

  it('a cancelled second factor for Show leaves the fields empty without an alarm', async () => {
    answerFetch(() => ({
      status: 402,
      data: { errors: { message: 'Please confirm it is you with a second factor, then save again.' } },
    }));
    const { dialog, account } = await openBanking();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show current details' }));
    await waitFor(() =>
      expect((within(dialog).getByRole('button', { name: 'Show current details' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    expect(account.value).toBe('');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});
