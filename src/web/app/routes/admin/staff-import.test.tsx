import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StaffImportReport } from '@shared/api/console/staff-import';
import { fakeConsole, LEEDS } from '@web/features/console/shared/testing/fake-console';
import { renderSignedIn } from '@web/testing/render-signed-in';
import { staffMember } from '@web/testing/staff-member';
import ConsoleLayout from './layout';

/** A report of `rows` people, the first `refused` of them refused. */
function report(rows: number, refused = 0, applied = false): StaffImportReport {
  const all = Array.from({ length: rows }, (_, i) => ({
    line: i + 2,
    name: `Ada${i} Lovelace`,
    email: `ada${i}@example.com`,
    payroll_id: `P${i}`,
    action: i < refused ? ('refused' as const) : ('create' as const),
    reasons: i < refused ? ['Venue “The Moon” is not one of the group’s venues.'] : [],
    changes: [],
  }));
  return {
    applied,
    counts: { create: rows - refused, update: 0, unchanged: 0, refused },
    invitations: rows - refused,
    invitations_done_by: applied ? '2026-03-10T11:00:00.000Z' : null,
    rows: all,
  };
}

function openImport(answers: { dryRun: StaffImportReport; apply?: StaffImportReport }, role: 'hr' | 'manager' = 'hr') {
  const seen: { path: string; body: string }[] = [];
  fakeConsole({
    ...(role === 'manager' ? { me: { role: 'manager', venues: [LEEDS], password_links: true } } : {}),
    override: (call) => {
      if (call.method !== 'POST' || !call.path.startsWith('/admin/staff-import')) return undefined;
      seen.push({ path: call.path, body: call.body ?? '' });
      return call.path.endsWith('/dry-run')
        ? { status: 200, data: { data: answers.dryRun } }
        : { status: 200, data: { data: answers.apply } };
    },
  });
  renderSignedIn(() => <ConsoleLayout />, staffMember({ console_role: role }), '/admin/people/import');
  return seen;
}

const choose = async (text = 'forename,surname,email,venue\nAda,Lovelace,ada@example.com,Leeds\n') => {
  const input = await screen.findByLabelText('CSV file');
  fireEvent.change(input, { target: { files: [new File([text], 'people.csv', { type: 'text/csv' })] } });
};

afterEach(cleanup);

describe('Import people', () => {
  it('checks the chosen file at once, pages 120 rows, then imports it whole', async () => {
    const seen = openImport({ dryRun: report(120), apply: report(120, 0, true) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Import people' })).toBeTruthy();
    await choose();
    expect(await screen.findByText('120 to create')).toBeTruthy();
    expect(seen[0]!.path).toBe('/admin/staff-import/dry-run');
    const sent = JSON.parse(seen[0]!.body) as { filename: string; content: string; send_invitations: boolean };
    expect(sent).toMatchObject({ filename: 'people.csv', send_invitations: true });
    expect(atob(sent.content)).toContain('Ada,Lovelace');
    expect(screen.getByText(/Import creates 120 people, and sends each new person an invitation/)).toBeTruthy();
    expect(screen.getByText('1-50 of 120')).toBeTruthy();
    expect(screen.getByText('ada49@example.com')).toBeTruthy();
    expect(screen.queryByText('ada50@example.com')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const done = await screen.findByText('people.csv is imported');
    expect(within(done.closest('[role="alert"]') as HTMLElement).getByText(/120 created, 0 updated/)).toBeTruthy();
    expect(seen[1]!.path).toBe('/admin/staff-import');
    expect(screen.getByRole('link', { name: 'Open the people list' }).getAttribute('href')).toBe('/admin/people');
  });

  it('shows the refused rows first and offers no Import while any row is refused', async () => {
    openImport({ dryRun: report(3, 1) });
    await choose();
    expect(await screen.findByText('1 refused')).toBeTruthy();
    expect(screen.getByText(/One row is refused, so nothing can be imported yet/)).toBeTruthy();
    expect(screen.getAllByText('Venue “The Moon” is not one of the group’s venues.').length).toBeGreaterThan(0);
    expect(screen.queryByText('ada1@example.com')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
  });

  it('tells a manager it is HR’s', async () => {
    openImport({ dryRun: report(1) }, 'manager');
    expect(await screen.findByText('Only HR can import people.')).toBeTruthy();
  });
});
