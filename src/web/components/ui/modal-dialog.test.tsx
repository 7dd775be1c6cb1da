import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModalDialog } from './modal-dialog';

afterEach(cleanup);

describe('ModalDialog', () => {
  it('shows the title, the content, Cancel and Save', () => {
    const onClose = vi.fn();
    const onSave = vi.fn();
    render(
      <ModalDialog open title="Banking" onClose={onClose} onSave={onSave}>
        <p>Content</p>
      </ModalDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Banking' });
    expect(within(dialog).getByText('Content')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('has no Save without onSave', () => {
    render(
      <ModalDialog open title="Picture" onClose={() => {}}>
        <p>Content</p>
      </ModalDialog>,
    );
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('saves on Enter in a field, but not while disabled', () => {
    const onSave = vi.fn();
    const { rerender } = render(
      <ModalDialog open title="Contact" onClose={() => {}} onSave={onSave}>
        <input aria-label="Email" />
      </ModalDialog>,
    );
    fireEvent.submit(screen.getByRole('textbox', { name: 'Email' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    rerender(
      <ModalDialog open title="Contact" onClose={() => {}} onSave={onSave} saveDisabled>
        <input aria-label="Email" />
      </ModalDialog>,
    );
    fireEvent.submit(screen.getByRole('textbox', { name: 'Email' }));
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape unless it is not dismissible', () => {
    const onClose = vi.fn();
    const { rerender } = render(
      <ModalDialog open title="Contact" onClose={onClose}>
        <p>Content</p>
      </ModalDialog>,
    );
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    rerender(
      <ModalDialog open title="Contact" onClose={onClose} dismissible={false}>
        <p>Content</p>
      </ModalDialog>,
    );
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('fills the screen on phones', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
    }));
    try {
      render(
        <ModalDialog open title="Contact" onClose={() => {}}>
          <p>Content</p>
        </ModalDialog>,
      );
      expect(screen.getByRole('dialog').className).toContain('MuiDialog-paperFullScreen');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
