import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@web/lib/api-client';
import { ME_QUERY_KEY } from '@web/lib/me-query-key';
import { hasUnsavedChanges } from '@web/lib/unsaved-changes';
import { httpError, ok } from '@web/testing/http';
import { renderSignedIn } from '@web/testing/render-signed-in';
import { staffMember } from '@web/testing/staff-member';
import { MyDetails } from './my-details';

const staff = staffMember({
  known_as: 'Pri',
  address_line1: '1 High Street',
  address_county: 'Greater Manchester',
  address_postal_code: 'M1 1AA',
});

async function openPersonal() {
  const rendered = renderSignedIn((current) => <MyDetails staff={current} />, staff);
  fireEvent.click(screen.getByRole('button', { name: 'Edit Personal & Profile' }));
  const dialog = await screen.findByRole('dialog', { name: 'Personal & Profile' });
  return {
    ...rendered,
    dialog,
    field: (name: string) => within(dialog).getByRole('textbox', { name }) as HTMLInputElement,
  };
}

afterEach(cleanup);

describe('Personal & Profile modal', () => {
  it('shows first and last name read-only and the rest filled in from the staff member', async () => {
    const { field } = await openPersonal();
    expect(field('First name').value).toBe('Priya');
    expect(field('First name').readOnly).toBe(true);
    expect(field('Last name').value).toBe('Shah');
    expect(field('Last name').readOnly).toBe(true);
    expect(field('Known as').value).toBe('Pri');
    expect(field('Known as').readOnly).toBe(false);
    expect(field('Address line 1').value).toBe('1 High Street');
    expect(field('Address line 2').value).toBe('');
    expect(field('Address line 3').value).toBe('');
    expect(field('County').value).toBe('Greater Manchester');
    expect(field('Postcode').value).toBe('M1 1AA');
  });

  it('sends the names unchanged with the edited address, updates the user and closes', async () => {
    const refreshed = { ...staff, address_line1: '2 Low Road' };
    const post = vi.spyOn(api, 'post').mockResolvedValue(ok({ data: refreshed }));
    const { dialog, field, queryClient } = await openPersonal();
    fireEvent.change(field('First name'), { target: { value: 'Someone else' } });
    fireEvent.change(field('Address line 1'), { target: { value: '2 Low Road' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(post).toHaveBeenCalledWith('/staff/self-service/personal', {
      forename: 'Priya',
      surname: 'Shah',
      known_as: 'Pri',
      address_line1: '2 Low Road',
      address_line2: null,
      address_line3: null,
      address_county: 'Greater Manchester',
      address_postal_code: 'M1 1AA',
    });
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toEqual(refreshed);
  });

  it('shows a failure in an alert and the field errors under their fields', async () => {
    vi.spyOn(api, 'post').mockRejectedValue(
      httpError(400, {
        errors: {
          message: 'Please check your address',
          fields: [{ field: 'address_postal_code', error: 'Enter a valid postcode' }],
        },
      }),
    );
    const { dialog, field } = await openPersonal();
    fireEvent.change(field('Postcode'), { target: { value: 'NOPE' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe('Please check your address');
    const fieldError = within(dialog).getByText('Enter a valid postcode');
    expect(field('Postcode').getAttribute('aria-describedby')).toBe(fieldError.id);
    expect(field('Postcode').value).toBe('NOPE');
  });

  it('holds back a new version of the app while it has typing that is not saved, and no longer once closed', async () => {
    const { dialog, field } = await openPersonal();
    expect(hasUnsavedChanges()).toBe(false);
    fireEvent.change(field('Address line 1'), { target: { value: '2 Low Road' } });
    expect(hasUnsavedChanges()).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(hasUnsavedChanges()).toBe(false));
  });
});
