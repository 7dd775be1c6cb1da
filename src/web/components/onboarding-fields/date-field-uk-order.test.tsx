import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import DateField from './date-field';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A phone: no media query matches, `(pointer: fine)` included, so the picker opens as a dialog. */
function onPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

// jsdom's own locale is en-US (navigator.language).
it('names the chosen day in UK order in the phone dialog’s header, whatever the browser’s locale', async () => {
  expect(navigator.language).toBe('en-US');
  onPhone();
  render(<DateField label="Start date" name="start_date" value="2026-11-10" onChange={() => {}} initiallyOpen />);
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Tue 10 Nov')).toBeTruthy();
  expect(within(dialog).queryByText('Tue, Nov 10')).toBeNull();
  // Weeks start on Monday.
  expect(within(dialog).getAllByRole('columnheader')[0]!.getAttribute('aria-label')).toBe('Monday');
  // The field behind the modal dialog reads the same day in UK order.
  expect(screen.getByRole('group', { name: /Start date/, hidden: true }).textContent).toContain('10/11/2026');
});

/** A form that empties its date after a save, as the console's invitation does. */
function EmptiedAfterSave() {
  const [value, setValue] = useState<string | null>('2026-11-10');
  return (
    <>
      <DateField label="Start date" name="start_date" value={value} onChange={setValue} />
      <button type="button" onClick={() => setValue(null)}>
        Saved
      </button>
    </>
  );
}

it('shows the value set from outside, such as a form emptied after a save', async () => {
  render(<EmptiedAfterSave />);
  const group = screen.getByRole('group', { name: /Start date/ });
  expect(group.textContent).toContain('10/11/2026');
  screen.getByRole('button', { name: 'Saved' }).click();
  await waitFor(() => expect(group.textContent).not.toContain('10/11/2026'));
  expect(group.textContent).toContain('DD/MM/YYYY');
});
