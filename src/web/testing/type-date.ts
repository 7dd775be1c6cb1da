import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Types `shown` (DD/MM/YYYY) into the date field labelled `label` (a prefix of its accessible name),
 * once its picker has arrived (the first key pressed on the page fetches it): through the picker's own
 * input, as a browser's autofill does. Resolves once the field shows the date.
 */
export async function typeDate(label: string, shown: string): Promise<void> {
  fireEvent.keyDown(document.body, { key: 'Tab' });
  const group = await screen.findByRole('group', { name: new RegExp(`^${label}`) });
  fireEvent.change(group.parentElement!.querySelector('input')!, { target: { value: shown } });
  await waitFor(() => expect(group.textContent).toContain(shown));
}
