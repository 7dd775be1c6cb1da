import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { DateFieldOnUse } from './lazy-date-field';

// A desktop browser: a mouse, so `(pointer: fine)` matches, for the stand-in and MUI X's picker alike.
beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('pointer: fine'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// A file of its own: the picker's code must not have been fetched yet.
it('with a fine pointer, swaps in the picker focused on its Day section to type, its calendar closed', async () => {
  render(<DateFieldOnUse label="Date of birth" name="date_of_birth" value={null} onChange={() => {}} />);
  screen.getByRole('textbox', { name: /Date of birth/ }).focus();
  const group = await screen.findByRole('group', { name: /Date of birth/ });
  await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Day'));
  expect(group.contains(document.activeElement)).toBe(true);
  expect(screen.queryByRole('dialog')).toBeNull();
});
