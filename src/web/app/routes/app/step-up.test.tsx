import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffMember } from '@shared/api/my-details.js';
import { MyDetails } from '@web/features/my-details/components/my-details';
import { TwoFactorHost } from '@web/features/two-factor/components/two-factor-host';
import { ME_QUERY_KEY } from '@web/lib/me-query-key';
import { answerFetch } from '@web/testing/fetch-answers';
import { renderSignedIn } from '@web/testing/render-signed-in';
import { staffMember } from '@web/testing/staff-member';
import { notificationStore } from '@web/stores/notification-store';

const METHOD_ID = '0b1c6a52-6f8e-4d4a-9a51-5a7b2c4d0e01';
const CHALLENGE = 'c0ffee00-0000-4000-8000-000000000001';

/**
 * A tiny server behind the real api client: financials answer 402 until a code is verified, the
 * bouncer calls behave, and every call is recorded.
 */
function fakeServer(staff: StaffMember) {
  let verified = false;
  const answer = (status: number, data: unknown) => ({ status, data });
  const calls = answerFetch((call) => {
    const path = `${call.method} ${call.path.replace(/\?.*/, '')}`;
    if (path === 'POST /staff/self-service/financials') {
      if (!verified) return answer(402, { errors: { message: 'Please confirm it is you before changing this.' } });
      return answer(200, { data: { ...staff, bank_account: '****4321', sort_code: '**-**-99' } });
    }
    if (path === 'GET /bouncer/tfa/my-methods') {
      return answer(200, {
        data: [
          {
            id: METHOD_ID,
            setup_complete: true,
            deleted: false,
            type: { id: 1, name: 'Email code', description: 'A code by email' },
          },
        ],
        meta: { page: 1, per_page: 20, total: 1 },
      });
    }
    if (path === `POST /bouncer/tfa-logged-in/initiate/${METHOD_ID}`) {
      return answer(200, {
        data: { code: CHALLENGE, sent_to: 'p****@example.com', expires_at: '2030-01-01T10:10:00.000Z' },
      });
    }
    if (path === `POST /bouncer/tfa-logged-in/${CHALLENGE}/verify`) {
      verified = JSON.parse(call.body).code === '123456';
      return verified
        ? answer(200, { data: { verified: true, valid_until: '2030-01-01T10:15:00.000Z' } })
        : answer(400, { errors: { message: 'That code is not right. 4 tries left.' } });
    }
    return answer(404, { errors: { message: 'Not found' } });
  });
  return { calls: () => calls.map((call) => `${call.method} ${call.path.replace(/\?.*/, '')}`) };
}

afterEach(() => {
  vi.restoreAllMocks();
  cleanup();
});

describe('step-up for a bank details change', () => {
  let server: ReturnType<typeof fakeServer>;
  const staff = staffMember({ bank_account: '****5678', sort_code: '**-**-56' });
  beforeEach(() => {
    server = fakeServer(staff);
  });

  it('a 402 opens the two-factor dialog; once verified the save completes by itself and the modal closes', async () => {
    const { queryClient } = renderSignedIn(
      (current) => (
        <>
          <MyDetails staff={current} />
          <TwoFactorHost />
        </>
      ),
      staff,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Edit Banking' }));
    const banking = await screen.findByRole('dialog', { name: 'Banking' });
    fireEvent.input(await within(banking).findByRole('textbox', { name: 'Account number' }), {
      target: { value: '87654321' },
    });
    fireEvent.input(within(banking).getByRole('textbox', { name: 'Sort code' }), { target: { value: '112299' } });
    fireEvent.click(within(banking).getByRole('button', { name: 'Save' }));

    const twoFactor = await screen.findByRole('dialog', { name: 'Two Factor Auth Required' });
    fireEvent.click(await within(twoFactor).findByRole('button', { name: 'Send code' }));
    fireEvent.change(await within(twoFactor).findByRole('textbox', { name: 'Verification code' }), {
      target: { value: '123456' },
    });
    fireEvent.click(within(twoFactor).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Two Factor Auth Required' })).toBeNull());

    // The save that asked completes by itself: no second tap on Save.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(queryClient.getQueryData<StaffMember>(ME_QUERY_KEY)?.bank_account).toBe('****4321');
    expect(notificationStore.getState()).toMatchObject({
      open: true,
      severity: 'success',
      message: 'Your bank details have been saved.',
    });
    expect(server.calls()).toEqual([
      'POST /staff/self-service/financials',
      'GET /bouncer/tfa/my-methods',
      `POST /bouncer/tfa-logged-in/initiate/${METHOD_ID}`,
      `POST /bouncer/tfa-logged-in/${CHALLENGE}/verify`,
      'POST /staff/self-service/financials',
    ]);
  });
});
