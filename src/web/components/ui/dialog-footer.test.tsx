import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DialogFooter } from './dialog-footer';

afterEach(cleanup);

describe('DialogFooter', () => {
  it('shows Cancel and the submit button, and no alert without a problem', () => {
    const onCancel = vi.fn();
    render(
      <form>
        <DialogFooter onCancel={onCancel} submitLabel="Add" />
      </form>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add' }).getAttribute('type')).toBe('submit');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('shows the problem in an error alert above the buttons', () => {
    render(<DialogFooter onCancel={() => {}} submitLabel="Save" problem="The server is down." />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('The server is down.');
    expect(
      alert.compareDocumentPosition(screen.getByRole('button', { name: 'Cancel' })) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('shows a spinner on the submit button while pending, and only Cancel without a submit label', () => {
    const { rerender } = render(<DialogFooter onCancel={() => {}} submitLabel="Save" pending />);
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(screen.getByRole('progressbar')).toBeTruthy();
    rerender(<DialogFooter onCancel={() => {}} />);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Cancel']);
  });
});
