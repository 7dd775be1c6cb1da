import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeConsole, personRow } from '@web/features/console/shared/testing/fake-console';
import { renderSignedIn } from '@web/testing/render-signed-in';
import { staffMember } from '@web/testing/staff-member';
import ConsoleLayout from './layout';

const hr = staffMember({ console_role: 'hr' });

/** The console at `at`, signed in as HR, with the real api client answered by `server`. */
function openConsole(at = '/admin/people') {
  return renderSignedIn(() => <ConsoleLayout />, hr, at);
}

/** Thirty people, so the list has two pages. */
const thirty = Array.from({ length: 30 }, (_, i) =>
  personRow({
    id: `0b1c6a52-6f8e-4d4a-9a51-5a7b2c4d0e${String(i).padStart(2, '0')}`,
    name: `Person ${String(i + 1).padStart(2, '0')}`,
    email_address: `p${i}@example.com`,
  }),
);

/** The people-list calls made so far, as their query strings. */
const listQueries = (calls: string[]) =>
  calls.filter((call) => call.startsWith('GET /admin/people?')).map((call) => call.slice('GET /admin/people?'.length));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('People', () => {
  it('lists the first page of people, sorted by name, in the table with their columns', async () => {
    const server = fakeConsole({
      rows: [
        personRow(),
        personRow({
          id: '0b1c6a52-6f8e-4d4a-9a51-5a7b2c4d0e02',
          name: 'Ben Ode',
          onboarding: 'contract',
          initial_training_complete: true,
          has_selfie: false,
          role: 'manager',
        }),
      ],
    });
    openConsole();

    const grid = await screen.findByRole('grid', { name: 'People' });
    await within(grid).findByRole('link', { name: 'Ava Clarke' });
    const ava = within(grid).getByRole('link', { name: 'Ava Clarke' }).closest('[role="row"]') as HTMLElement;
    expect(within(ava).getByText('ava.clarke@example.com')).toBeTruthy();
    expect(within(ava).getByText('The Lantern, Leeds')).toBeTruthy();
    expect(within(ava).getByText('02/03/2026')).toBeTruthy();
    expect(within(ava).getByText('Complete')).toBeTruthy();
    expect(within(ava).getByText('Not yet')).toBeTruthy();
    expect(within(ava).getByText('Yes')).toBeTruthy();
    const ben = within(grid).getByRole('link', { name: 'Ben Ode' }).closest('[role="row"]') as HTMLElement;
    expect(within(ben).getByText('Contract')).toBeTruthy();
    expect(within(ben).getByText('Venue manager')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'People' })).toBeTruthy();
    expect(server.calls()).toEqual(['GET /admin/me', 'GET /admin/people?page=1&per_page=25&sort=name&direction=asc']);
  });

  it('searches once typing pauses, from the first page', async () => {
    const server = fakeConsole({ rows: thirty });
    openConsole('/admin/people?page=2');
    await screen.findByRole('link', { name: 'Person 26' });

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search people' }), { target: { value: 'pers' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search people' }), { target: { value: 'person 0' } });
    await waitFor(() =>
      expect(listQueries(server.calls())).toContain('page=1&per_page=25&sort=name&direction=asc&search=person+0'),
    );
    // One call for the pause, none for the keys before it.
    expect(listQueries(server.calls()).filter((query) => query.includes('search='))).toEqual([
      'page=1&per_page=25&sort=name&direction=asc&search=person+0',
    ]);
    await screen.findByRole('link', { name: 'Person 09' });
    expect(window.location.search).toBe('?search=person+0');
  });

  it('pages on the server, 25 a page', async () => {
    const server = fakeConsole({ rows: thirty });
    openConsole();
    await screen.findByRole('link', { name: 'Person 01' });
    expect(screen.getByText('1–25 of 30')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await screen.findByRole('link', { name: 'Person 30' });
    // Read on from the cursor the first page gave, not by offset.
    expect(listQueries(server.calls()).at(-1)).toBe('page=2&per_page=25&sort=name&direction=asc&after=after-1');
    expect(screen.getByText('26–30 of 30')).toBeTruthy();
  });

  it('sends the next page the cursor of the page before, back again the one remembered, and starts again on a new sort', async () => {
    const server = fakeConsole({
      rows: Array.from({ length: 60 }, (_, i) =>
        personRow({
          id: `0b1c6a52-6f8e-4d4a-9a51-5a7b2c4d0${String(i).padStart(3, '0')}`,
          name: `Person ${String(i + 1).padStart(2, '0')}`,
          email_address: `p${i}@example.com`,
        }),
      ),
    });
    openConsole();
    await screen.findByRole('link', { name: 'Person 01' });
    const next = () => fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    const previous = () => fireEvent.click(screen.getByRole('button', { name: 'Go to previous page' }));

    next();
    await screen.findByRole('link', { name: 'Person 26' });
    next();
    await screen.findByRole('link', { name: 'Person 51' });
    expect(screen.getByText('51–60 of 60')).toBeTruthy();
    previous();
    await screen.findByRole('link', { name: 'Person 26' });
    previous();
    await screen.findByRole('link', { name: 'Person 01' });
    fireEvent.click(screen.getByRole('columnheader', { name: /^Name/ }));
    await waitFor(() => expect(listQueries(server.calls()).at(-1)).toBe('page=1&per_page=25&sort=name&direction=desc'));
    next();
    await waitFor(() => expect(listQueries(server.calls()).at(-1)).toMatch(/^page=2&.*direction=desc&after=after-1$/));
    expect(listQueries(server.calls())).toEqual([
      'page=1&per_page=25&sort=name&direction=asc',
      'page=2&per_page=25&sort=name&direction=asc&after=after-1',
      'page=3&per_page=25&sort=name&direction=asc&after=after-2',
      // Page 1 is still cached; page 2 is asked for again with the cursor remembered for it.
      ...listQueries(server.calls()).slice(3, -2),
      'page=1&per_page=25&sort=name&direction=desc',
      'page=2&per_page=25&sort=name&direction=desc&after=after-1',
    ]);
  });

  it('sorts on the server by the column chosen, turning the order round on a second click', async () => {
    const server = fakeConsole({ rows: thirty });
    openConsole();
    await screen.findByRole('link', { name: 'Person 01' });

    // A sorted header's name also carries its sort button's.
    fireEvent.click(screen.getByRole('columnheader', { name: 'Venue' }));
    await waitFor(() => expect(listQueries(server.calls()).at(-1)).toBe('page=1&per_page=25&sort=venue&direction=asc'));
    fireEvent.click(screen.getByRole('columnheader', { name: /^Venue/ }));
    await waitFor(() =>
      expect(listQueries(server.calls()).at(-1)).toBe('page=1&per_page=25&sort=venue&direction=desc'),
    );
    fireEvent.click(screen.getByRole('columnheader', { name: 'Start date' }));
    await waitFor(() =>
      expect(listQueries(server.calls()).at(-1)).toBe('page=1&per_page=25&sort=start_date&direction=asc'),
    );
    expect(window.location.search).toBe('?sort=start_date');
  });

  it('opens a person from their row', async () => {
    fakeConsole();
    openConsole();
    const grid = await screen.findByRole('grid', { name: 'People' });
    fireEvent.click(await within(grid).findByText('ava.clarke@example.com'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ava Clarke' })).toBeTruthy();
    expect(window.location.pathname).toBe('/admin/people/0b1c6a52-6f8e-4d4a-9a51-5a7b2c4d0e01');
  });

  it('says when no one matches', async () => {
    fakeConsole({ rows: [] });
    openConsole();
    expect(await screen.findByText('No one matches')).toBeTruthy();
  });

  it('shows a failed load with Try again, which asks again', async () => {
    let fail = true;
    const server = fakeConsole({
      override: (call) =>
        call.path.startsWith('/admin/people?') && fail
          ? { status: 500, data: { errors: { message: 'The server had a problem.' } } }
          : undefined,
    });
    openConsole();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The server had a problem.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Ava Clarke' })).toBeTruthy();
    expect(listQueries(server.calls())).toHaveLength(2);
  });

  it('shows a staff member without a console role the not-allowed page', async () => {
    fakeConsole({
      meAnswer: { status: 403, data: { errors: { message: 'You do not have access to the HR console.' } } },
    });
    renderSignedIn(() => <ConsoleLayout />, staffMember(), '/admin');
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe('/dashboard');
    expect(window.location.pathname).toBe('/admin');
  });

  it('answers an address the console does not know with the not-found page, its tabs still above it', async () => {
    fakeConsole();
    openConsole('/admin/nothing-here');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'HR console' })).toBeTruthy();
  });

  it('opens the people list from /admin, named in the top bar, with the HR console marked in the menu', async () => {
    fakeConsole();
    openConsole('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'People' })).toBeTruthy();
    expect(window.location.pathname).toBe('/admin/people');
    expect(screen.getByRole('banner').textContent).toContain('People');
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('button', { name: 'HR console' }).getAttribute('aria-current')).toBe('page');
  });

  it('on a phone lists people one entry each, with a sort choice and paging', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
    }));
    const server = fakeConsole({ rows: thirty });
    openConsole();
    const list = await screen.findByRole('list', { name: 'People' });
    expect(within(list).getAllByRole('link')).toHaveLength(25);
    expect(screen.queryByRole('grid')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Sorted ascending: sort descending' }));
    await waitFor(() => expect(listQueries(server.calls()).at(-1)).toBe('page=1&per_page=25&sort=name&direction=desc'));
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() =>
      expect(listQueries(server.calls()).at(-1)).toBe('page=2&per_page=25&sort=name&direction=desc&after=after-1'),
    );

    fireEvent.click(
      await within(screen.getByRole('list', { name: 'People' })).findByRole('link', { name: /Person 26/ }),
    );
    await waitFor(() => expect(window.location.pathname).toBe('/admin/people/0b1c6a52-6f8e-4d4a-9a51-5a7b2c4d0e25'));
  });
});
