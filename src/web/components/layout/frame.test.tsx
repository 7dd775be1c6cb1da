import { configureStore } from '@reduxjs/toolkit';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { themeReducer } from '@web/stores/theme-slice';
import { Frame } from './frame';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderFrame() {
  const store = configureStore({ reducer: { theme: themeReducer } });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <Routes>
          <Route
            path="*"
            element={
              <Frame>
                <Where />
              </Frame>
            }
          />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

afterEach(cleanup);

describe('Frame', () => {
  it("shows the product's short name while no title is set", () => {
    renderFrame();
    expect(screen.getByRole('banner').textContent).toContain('Staffroom');
    expect(screen.getByRole('img', { name: 'Lantern Inns' })).toBeTruthy();
  });

  it('lists exactly the product menu entries in order', () => {
    const store = renderFrame();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(store.getState().theme.menuOpen).toBe(true);
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    const names = within(menu)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(names).toEqual(['Dashboard', 'My Details', 'My Vehicles', 'Team Discount', 'Logout']);
  });

  it('choosing an entry sets the title to its name, closes the menu and navigates', async () => {
    const store = renderFrame();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    fireEvent.click(within(menu).getByRole('button', { name: 'My Vehicles' }));
    expect(store.getState().theme).toEqual({ menuOpen: false, title: 'My Vehicles' });
    expect(screen.getByTestId('where').textContent).toBe('/vehicle-management');
    // The page behind the drawer is hidden from assistive tech until the drawer has slid away.
    await waitFor(() => expect(screen.getByRole('banner').textContent).toContain('My Vehicles'));
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
  });
});
