/**
 * A survey's date and time questions draw before the pickers' code arrives: stand-ins show the
 * answer, and the pickers take their place once the page is first used.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyDateAnswerPicker, LazyTimeRangePickers } from './lazy-pickers';

afterEach(cleanup);

describe('survey pickers on first use', () => {
  it('shows the answers in stand-ins until the page is first used, then the pickers with the same answers', async () => {
    render(
      <>
        <span id="date-label">Date of the visit</span>
        <LazyDateAnswerPicker id="date" labelledBy="date-label" value="01/05/2026" onChange={vi.fn()} />
        <LazyTimeRangePickers id="time" value={{ from: '12:00', until: '14:00' }} onChange={vi.fn()} />
      </>,
    );
    expect((screen.getByRole('textbox', { name: 'Date of the visit' }) as HTMLInputElement).value).toBe('01/05/2026');
    expect((screen.getByRole('textbox', { name: 'From' }) as HTMLInputElement).value).toBe('12:00');
    expect((screen.getByRole('textbox', { name: 'Until' }) as HTMLInputElement).value).toBe('14:00');
    expect(screen.queryByRole('group', { name: 'Date of the visit' })).toBeNull();

    fireEvent.pointerDown(document.body);
    expect((await screen.findByRole('group', { name: 'Date of the visit' })).textContent).toContain('01/05/2026');
    expect(screen.getByRole('group', { name: 'From' }).textContent).toContain('12:00');
    expect(screen.getByRole('group', { name: 'Until' }).textContent).toContain('14:00');
  });
});
