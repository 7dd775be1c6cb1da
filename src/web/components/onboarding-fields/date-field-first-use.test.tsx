import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { DateFieldOnUse } from './lazy-date-field';

afterEach(cleanup);

// A file of its own: the picker's code must not have been fetched yet (lazy-date-field.test.tsx fetches it).
it('fetches the picker at the first use of the page, anywhere, and swaps it in without taking the focus', async () => {
  render(
    <>
      <DateFieldOnUse label="Start date" name="start_date" value="2026-12-01" onChange={() => {}} />
      <input aria-label="Mobile number" />
    </>,
  );
  expect(screen.queryByRole('group', { name: /Start date/ })).toBeNull();
  const mobile = screen.getByRole('textbox', { name: 'Mobile number' });
  mobile.focus();
  fireEvent.keyDown(mobile, { key: '0' });
  const group = await screen.findByRole('group', { name: /Start date/ });
  await waitFor(() => expect(group.textContent).toContain('01/12/2026'));
  expect(document.activeElement).toBe(mobile);
  expect(screen.queryByRole('dialog')).toBeNull();
});
