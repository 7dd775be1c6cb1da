import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'wouter';
import { afterEach, describe, expect, it } from 'vitest';
import { startAt } from '@web/testing/address';
import { Frame } from './frame';
import { menuEntriesFor } from './menu-entries';
import { SCHEME_STORAGE_KEY } from '@web/stores/color-scheme-store';
import { setTitle, themeStore } from '@web/stores/theme-store';

function Where() {
  return <p data-testid="where">{useLocation()[0]}</p>;
}

function renderFrame(path = '/dashboard') {
  startAt(path);
  render(
    <Frame>
      <Where />
    </Frame>,
  );
}

afterEach(cleanup);

describe('Frame', () => {
  it("names the page from its route after a reload or a link, and shows the product's short name on a page that sets none", () => {
    renderFrame('/team-discount');
    expect(screen.getByRole('banner').textContent).toContain('Team Discount');
    cleanup();
    renderFrame('/team-apps');
    expect(screen.getByRole('banner').textContent).toContain('Team apps');
    cleanup();
    renderFrame('/survey/6');
    expect(screen.getByRole('banner').textContent).toContain('Staffroom');
    expect(screen.getByRole('img', { name: 'Lantern Inns' })).toBeTruthy();
  });

  it('lists exactly the product menu entries in order, then My Documents after a divider', () => {
    renderFrame();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(themeStore.getState().menuOpen).toBe(true);
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    const names = within(menu)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(names).toEqual(['Dashboard', 'My Details', 'My Vehicles', 'Team Discount', 'Logout', 'My Documents']);
    expect(within(menu).getByRole('separator')).toBeTruthy();
  });

  it('choosing an entry sets the title to its name, closes the menu and navigates', async () => {
    renderFrame();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    fireEvent.click(within(menu).getByRole('button', { name: 'My Vehicles' }));
    expect(themeStore.getState()).toEqual({ menuOpen: false, title: 'My Vehicles' });
    expect(screen.getByTestId('where').textContent).toBe('/vehicle-management');
    // The page behind the drawer is hidden from assistive tech until the drawer has slid away.
    await waitFor(() => expect(screen.getByRole('banner').textContent).toContain('My Vehicles'));
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
  });
});

describe('the tab’s title', () => {
  it('names the page like the top bar, then the product, and follows a title a page sets', () => {
    renderFrame('/my-details');
    expect(document.title).toBe('My Details · Staffroom');
    cleanup();
    renderFrame('/survey/6');
    expect(document.title).toBe('Staffroom');
    act(() => setTitle('Atmosphere audit'));
    expect(document.title).toBe('Atmosphere audit · Staffroom');
    cleanup();
    renderFrame('/admin/right-to-work');
    expect(document.title).toBe('Right to work · Staffroom');
  });
});

describe('the colour scheme in the menu', () => {
  afterEach(() => localStorage.clear());

  it('comes after the entries, follows the device until chosen, and keeps a choice on the device', async () => {
    renderFrame();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    // Its code arrives as the menu opens.
    const scheme = await screen.findByRole('group', { name: 'Colour scheme' });
    const pressed = () =>
      within(scheme)
        .getAllByRole('button')
        .filter((b) => b.getAttribute('aria-pressed') === 'true')
        .map((b) => b.textContent);
    expect(pressed()).toEqual(['System']);
    fireEvent.click(within(scheme).getByRole('button', { name: 'Dark' }));
    expect(pressed()).toEqual(['Dark']);
    expect(localStorage.getItem(SCHEME_STORAGE_KEY)).toBe('dark');
    // A tap on the chosen one keeps it chosen.
    fireEvent.click(within(scheme).getByRole('button', { name: 'Dark' }));
    expect(pressed()).toEqual(['Dark']);
    fireEvent.click(within(scheme).getByRole('button', { name: 'System' }));
    expect(localStorage.getItem(SCHEME_STORAGE_KEY)).toBeNull();
    // Not one of the menu's places to go.
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).queryByRole('button', { name: 'Dark' })).toBeNull();
  });
});

describe('Frame with a console role', () => {
  it('lists the HR console before Logout, and names the console pages', () => {
    startAt('/admin/people/0b1c6a52-6f8e-4d4a-9a51-5a7b2c4d0e01');
    render(
      <Frame entries={menuEntriesFor(true)}>
        <Where />
      </Frame>,
    );
    expect(screen.getByRole('banner').textContent).toContain('Person');
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const names = within(screen.getByRole('navigation', { name: 'Main menu' }))
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(names).toEqual([
      'Dashboard',
      'My Details',
      'My Vehicles',
      'Team Discount',
      'HR console',
      'Logout',
      'My Documents',
    ]);
    expect(menuEntriesFor(false).map((entry) => entry.name)).not.toContain('HR console');
  });
});
