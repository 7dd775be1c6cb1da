import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consoleSurvey, fakeConsole, LEEDS } from '@web/features/console/shared/testing/fake-console';
import { notificationStore } from '@web/stores/notification-store';
import { renderSignedIn } from '@web/testing/render-signed-in';
import { staffMember } from '@web/testing/staff-member';
import ConsoleLayout from './layout';

const hr = staffMember({ console_role: 'hr' });
const manager = staffMember({ console_role: 'manager' });

const pulse = consoleSurvey({
  responses: 3,
  version: 2,
  versions: [
    { version: 1, name: 'Weekly pulse', questions: 3, responses: 2, created_at: '2026-03-02T09:00:00.000Z' },
    { version: 2, name: 'Weekly pulse', questions: 3, responses: 1, created_at: '2026-03-09T09:00:00.000Z' },
  ],
});
const audit = consoleSurvey({ id: 6, name: 'Atmosphere audit', questions: 12, responses: 0 });

function openSurveys(who = hr) {
  return renderSignedIn(() => <ConsoleLayout />, who, '/admin/surveys');
}

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

/** Chooses `name` with `text` in the page's file picker, as the browser does after the button opens it. */
const chooseFile = (name: string, text: string) =>
  fireEvent.change(screen.getByLabelText('Survey file'), {
    target: {
      files: [new File([text], name, { type: name.endsWith('.json') ? 'application/json' : 'application/yaml' })],
    },
  });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  notificationStore.setState({ open: false });
});

describe('Console surveys', () => {
  it('lists the surveys in a table on a desktop: questions, responses and the current version, each opening its results', async () => {
    fakeConsole({ surveys: [audit, pulse] });
    openSurveys();
    expect(await screen.findByRole('heading', { level: 1, name: 'Surveys' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Surveys' });
    const rows = within(table).getAllByRole('row');
    expect(
      rows.map((row) =>
        within(row)
          .queryAllByRole('columnheader')
          .map((cell) => cell.textContent),
      )[0],
    ).toEqual(['Survey', 'Questions', 'Responses', 'Current version', 'Actions']);
    const row = rows.find((each) => each.textContent?.includes('Weekly pulse'))!;
    expect(within(row).getByRole('link', { name: 'Weekly pulse' }).getAttribute('href')).toBe('/admin/surveys/8');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Weekly pulseSurvey 8 · /survey/8', '3', '3', 'Version 2v1: 2 · v2: 1', 'New version']);
    expect(screen.getByRole('button', { name: 'New survey' })).toBeTruthy();
    expect(
      within(screen.getByRole('navigation', { name: 'HR console' }))
        .getByRole('tab', { name: 'Surveys' })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(screen.getByRole('banner').textContent).toContain('Surveys');
  });

  it('shows cards on a phone', async () => {
    onAPhone();
    fakeConsole({ surveys: [pulse] });
    openSurveys();
    const card = await screen.findByRole('listitem', { name: 'Weekly pulse' });
    expect(within(card).getByText('Survey 8 · version 2 · 3 questions · 3 responses')).toBeTruthy();
    expect(within(card).getByText('Responses by version: v1: 2 · v2: 1')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'New version of Weekly pulse' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('imports a new survey from a file’s text and says so', async () => {
    const server = fakeConsole({ surveys: [pulse] });
    openSurveys();
    fireEvent.click(await screen.findByRole('button', { name: 'New survey' }));
    chooseFile('rota.yaml', 'name: Rota\nquestions:\n  - { id: 1, question: Fair?, type: bars }\n');
    await waitFor(() =>
      expect(notificationStore.getState()).toMatchObject({
        open: true,
        severity: 'success',
        message: 'rota.yaml is imported as survey 99: staff answer it at /survey/99.',
      }),
    );
    const post = server.seen.find((call) => call.method === 'POST');
    expect(post?.path).toBe('/admin/surveys');
    expect(JSON.parse(post!.body)).toEqual({
      filename: 'rota.yaml',
      content: 'name: Rota\nquestions:\n  - { id: 1, question: Fair?, type: bars }\n',
    });
    // The list is asked for again.
    await waitFor(() => expect(server.calls().filter((call) => call === 'GET /admin/surveys')).toHaveLength(2));
  });

  it('adds a new version of a survey under its id', async () => {
    const server = fakeConsole({ surveys: [audit, pulse] });
    openSurveys();
    fireEvent.click(await screen.findByRole('button', { name: 'New version of Weekly pulse' }));
    chooseFile('pulse-v3.json', '{"name":"Weekly pulse","questions":[{"id":1,"question":"Q","type":"text"}]}');
    await waitFor(() =>
      expect(notificationStore.getState()).toMatchObject({
        open: true,
        severity: 'success',
        message: 'pulse-v3.json is now version 3 of survey 8; earlier answers stay with their version.',
      }),
    );
    expect(JSON.parse(server.seen.find((call) => call.method === 'POST')!.body)).toMatchObject({
      filename: 'pulse-v3.json',
      id: 8,
    });
  });

  it('shows the server’s validation message with the file’s name when a file is refused', async () => {
    const message =
      'pulse.yaml is not a valid survey:\n  questions.0.type: unknown question type "slider": use one of heading, text';
    fakeConsole({
      surveys: [pulse],
      override: (call) => (call.method === 'POST' ? { status: 400, data: { errors: { message } } } : undefined),
    });
    openSurveys();
    fireEvent.click(await screen.findByRole('button', { name: 'New version of Weekly pulse' }));
    chooseFile('pulse.yaml', 'name: Weekly pulse\nquestions:\n  - { id: 1, question: Q, type: slider }\n');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('pulse.yaml was not added to Weekly pulse')).toBeTruthy();
    expect(alert.textContent).toContain('questions.0.type: unknown question type "slider"');
    expect(notificationStore.getState().open).toBe(false);
  });

  it('gives a manager the list without the imports', async () => {
    fakeConsole({ me: { role: 'manager', venues: [LEEDS], password_links: true }, surveys: [pulse] });
    openSurveys(manager);
    const table = await screen.findByRole('table', { name: 'Surveys' });
    expect(within(table).getByRole('link', { name: 'Weekly pulse' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New survey' })).toBeNull();
    expect(screen.queryByRole('button', { name: /New version/ })).toBeNull();
    expect(screen.queryByLabelText('Survey file')).toBeNull();
  });

  it('says when there are no surveys yet', async () => {
    fakeConsole({ surveys: [] });
    openSurveys();
    expect(await screen.findByText('No surveys yet')).toBeTruthy();
  });
});
