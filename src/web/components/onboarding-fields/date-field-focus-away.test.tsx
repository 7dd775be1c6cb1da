import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { DateFieldOnUse } from './lazy-date-field';

afterEach(cleanup);

// A file of its own: the picker's code must not have been fetched yet.
it('leaves the focus where the person moved it when the picker arrives after they left the field', async () => {
  render(
    <>
      <DateFieldOnUse label="Date of birth" name="date_of_birth" value={null} onChange={() => {}} />
      <input aria-label="Mobile number" />
    </>,
  );
  screen.getByRole('textbox', { name: /Date of birth/ }).focus();
  const mobile = screen.getByRole('textbox', { name: 'Mobile number' });
  mobile.focus();
  await screen.findByRole('group', { name: /Date of birth/ });
  await waitFor(() => expect(document.activeElement).toBe(mobile));
  expect(screen.queryByRole('dialog')).toBeNull();
});
