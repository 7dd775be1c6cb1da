import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeConsole, LEEDS, surveyResults } from '@web/features/console/shared/testing/fake-console';
import { renderSignedIn } from '@web/testing/render-signed-in';
import { staffMember } from '@web/testing/staff-member';
import ConsoleLayout from './layout';

const hr = staffMember({ console_role: 'hr' });
const manager = staffMember({ console_role: 'manager' });

const versions = [
  { version: 1, name: 'Weekly pulse', questions: 3, responses: 2, created_at: '2026-03-02T09:00:00.000Z' },
  { version: 2, name: 'Weekly pulse', questions: 1, responses: 0, created_at: '2026-03-09T09:00:00.000Z' },
];
const v1 = surveyResults({ current_version: 2, versions });
const v2 = surveyResults({
  version: 2,
  current_version: 2,
  versions,
  responses: 0,
  questions: [{ id: 4, question: 'Where did you work?', type: 'locations', answered: 0, counts: [], answers: null }],
});

function openResults(who = hr, path = '/admin/surveys/8') {
  return renderSignedIn(() => <ConsoleLayout />, who, path);
}

/** The numbers of the chart named `question`, as its table gives them to screen readers. */
async function countsOf(question: string) {
  const figure = await screen.findByRole('figure', { name: question });
  return within(figure)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [within(row).getByRole('rowheader').textContent, Number(within(row).getByRole('cell').textContent)]);
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('A survey’s results', () => {
  it('shows a chart per question with its numbers readable, and the newest answers of text questions', async () => {
    fakeConsole({ results: [surveyResults()] });
    openResults();
    expect(await screen.findByRole('heading', { level: 1, name: 'Weekly pulse' })).toBeTruthy();
    expect(screen.getByText('Version 1 (current) · from 02/03/2026 · 2 responses')).toBeTruthy();
    expect(await countsOf('How was the week?')).toEqual([
      ['1', 0],
      ['2', 1],
      ['3', 0],
      ['4', 0],
      ['5', 1],
    ]);
    expect(await countsOf('Shift')).toEqual([
      ['Morning', 1],
      ['Evening', 1],
    ]);
    const text = screen.getByRole('region', { name: 'Anything else?' });
    expect(
      within(text)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Short-staffed', 'Busy but fun']);
    // One version: no selector.
    expect(screen.queryByRole('combobox', { name: 'Version' })).toBeNull();
    expect(
      within(screen.getByRole('navigation', { name: 'HR console' }))
        .getByRole('tab', { name: 'Surveys' })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(screen.getByRole('banner').textContent).toContain('Survey results');
  });

  it('gives HR the CSV of the version shown as a same-origin link', async () => {
    fakeConsole({ results: [surveyResults()] });
    openResults();
    const link = await screen.findByRole('link', { name: 'Download CSV' });
    expect(link.getAttribute('href')).toBe('/api/admin/surveys/8/results.csv?version=1');
  });

  it('opens at the current version and switches to an earlier one with the selector', async () => {
    const server = fakeConsole({ results: [v1, v2] });
    openResults();
    expect(await screen.findByText('Version 2 (current) · from 09/03/2026 · 0 responses')).toBeTruthy();
    expect(screen.getByText('No answers to this version yet: staff answer it at /survey/8.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/admin/surveys/8/results.csv?version=2',
    );

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Version' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Version 1 · 2 responses' }));
    expect(await screen.findByText('Version 1 · from 02/03/2026 · 2 responses')).toBeTruthy();
    expect(await countsOf('Shift')).toEqual([
      ['Morning', 1],
      ['Evening', 1],
    ]);
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/admin/surveys/8/results.csv?version=1',
    );
    await waitFor(() => expect(server.calls()).toContain('GET /admin/surveys/8/results?version=1'));
  });

  it('gives a manager the charts without the CSV', async () => {
    fakeConsole({ me: { role: 'manager', venues: [LEEDS], password_links: true }, results: [surveyResults()] });
    openResults(manager);
    expect(await countsOf('Shift')).toEqual([
      ['Morning', 1],
      ['Evening', 1],
    ]);
    expect(screen.queryByRole('link', { name: 'Download CSV' })).toBeNull();
  });

  it('shows the server’s message for an unknown survey', async () => {
    fakeConsole({ results: [] });
    openResults(hr, '/admin/surveys/404');
    expect(await screen.findByText('That survey was not found.')).toBeTruthy();
  });
});
