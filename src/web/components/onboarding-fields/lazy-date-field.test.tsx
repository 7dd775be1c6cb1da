import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DateFieldOnUse } from './lazy-date-field';

afterEach(cleanup);

/** A form's date of birth, its answer kept as the onboarding form keeps it (YYYY-MM-DD). */
function DateOfBirth({ initial = null }: { initial?: string | null }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <DateFieldOnUse label="Date of birth" name="date_of_birth" value={value} onChange={setValue} />
      <output aria-label="Kept answer">{value ?? ''}</output>
      <input aria-label="Mobile number" />
    </>
  );
}

// One file, one module: the picker's code is fetched by the first test that uses the page, so the
// stand-in can be seen only before that; the tests run in order.
describe('DateFieldOnUse', () => {
  it('shows the answer as DD/MM/YYYY in a stand-in until the page is used, without the picker', () => {
    render(<DateOfBirth initial="1999-04-23" />);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Date of birth/ }).value).toBe('23/04/1999');
    expect(screen.getByRole('button', { name: 'Choose date' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: /Date of birth/ })).toBeNull();
  });

  it('swaps in the picker with its calendar open when the stand-in is tapped, and keeps what is picked', async () => {
    render(<DateOfBirth />);
    fireEvent.focus(screen.getByRole('textbox', { name: /Date of birth/ }));
    // jsdom has no matchMedia, so no fine pointer: as on a phone, a tap opens the calendar.
    const dialog = await screen.findByRole('dialog');
    const adultYear = String(new Date().getFullYear() - 18);
    expect(await screen.findByRole('radio', { name: adultYear })).toBeTruthy();
    expect(dialog).toBeTruthy();
    expect(screen.getByRole('group', { name: /Date of birth/ })).toBeTruthy();
  });

  it('draws the picker straight away once the code is here, holding the answer, and takes no focus', async () => {
    render(<DateOfBirth initial="1999-04-23" />);
    const mobile = screen.getByRole('textbox', { name: 'Mobile number' });
    mobile.focus();
    const group = screen.getByRole('group', { name: /Date of birth/ });
    await waitFor(() => expect(group.textContent).toContain('23/04/1999'));
    expect(document.activeElement).toBe(mobile);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
