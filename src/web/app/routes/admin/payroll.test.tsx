import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEEDS } from '@web/features/console/shared/testing/fake-console';
import { fakeSetup, stepUpOverride } from '@web/features/console/shared/testing/fake-setup';
import { startOfThisMonth } from '@web/features/console/payroll/components/payroll-page';
import { renderSignedIn } from '@web/testing/render-signed-in';
import { staffMember } from '@web/testing/staff-member';
import ConsoleLayout from './layout';

/** The payroll hand-off, signed in as HR or a manager. */
function openPayroll(role: 'hr' | 'manager' = 'hr') {
  return renderSignedIn(() => <ConsoleLayout />, staffMember({ console_role: role }), '/admin/payroll');
}

/** What the page saved: the file's name and text, read back from the Blob handed to the browser. */
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

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Payroll hand-off', () => {
  it('downloads new starters since the first of the month as a CSV file, saying what it holds', async () => {
    const saved = catchSaves();
    const server = fakeSetup({ payrollCsv: 'forename,surname,bank_account\r\nAva,Clarke,12345678\r\n' });
    openPayroll();
    expect(await screen.findByRole('heading', { level: 1, name: 'Payroll hand-off' })).toBeTruthy();
    expect(screen.getByText(/holds bank details and National Insurance numbers in full/)).toBeTruthy();
    expect(screen.getByText(/Each export is recorded/)).toBeTruthy();
    expect(
      within(screen.getByRole('navigation', { name: 'HR console' }))
        .getByRole('tab', { name: 'Payroll' })
        .getAttribute('aria-current'),
    ).toBe('page');

    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    const since = startOfThisMonth();
    expect(await screen.findByText(`Saved new-starters-since-${since}.csv.`)).toBeTruthy();
    expect(server.calls().filter((call) => call.includes('payroll'))).toEqual([
      `GET /admin/payroll.csv?since=${since}`,
    ]);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe(`new-starters-since-${since}.csv`);
    expect(await saved[0]!.blob.text()).toBe('forename,surname,bank_account\r\nAva,Clarke,12345678\r\n');
  });

  it('asks for a second factor first, then downloads by itself', async () => {
    const saved = catchSaves();
    const server = fakeSetup({ override: stepUpOverride((route) => route === 'GET /admin/payroll.csv') });
    openPayroll();
    fireEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
    const twoFactor = await screen.findByRole('dialog', { name: 'Two Factor Auth Required' });
    fireEvent.click(await within(twoFactor).findByRole('button', { name: 'Send code' }));
    fireEvent.change(await within(twoFactor).findByRole('textbox', { name: 'Verification code' }), {
      target: { value: '123456' },
    });
    fireEvent.click(within(twoFactor).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(server.calls().filter((call) => call.includes('payroll'))).toHaveLength(2);
  });

  it('shows a refusal in the server’s words', async () => {
    const saved = catchSaves();
    fakeSetup({
      override: (call) =>
        call.path.startsWith('/admin/payroll.csv')
          ? { status: 400, data: { errors: { message: 'Give a date as YYYY-MM-DD' } } }
          : undefined,
    });
    openPayroll();
    fireEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
    expect((await screen.findByText('Give a date as YYYY-MM-DD')).closest('[role="alert"]')).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('is HR’s: a manager has no Payroll tab and is told so at its address', async () => {
    const server = fakeSetup({ me: { role: 'manager', venues: [LEEDS], password_links: true } });
    openPayroll('manager');
    expect(await screen.findByText('Only HR can export new starters for payroll.')).toBeTruthy();
    expect(
      within(screen.getByRole('navigation', { name: 'HR console' })).queryByRole('tab', { name: 'Payroll' }),
    ).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
    expect(server.calls().some((call) => call.includes('payroll'))).toBe(false);
  });
});

describe('startOfThisMonth', () => {
  it('is the first day of the month as YYYY-MM-DD', () => {
    expect(startOfThisMonth(new Date(2026, 2, 17))).toBe('2026-03-01');
    expect(startOfThisMonth(new Date(2026, 11, 1))).toBe('2026-12-01');
  });
});
