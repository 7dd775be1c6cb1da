import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FAKE_SIGNATURE } from '@web/testing/fake-signature-pad';
import { SignaturePanel } from './signature-panel';

// jsdom has no canvas: a button stands in for the pad (clicking it "draws").
vi.mock('./signature-pad', () => import('@web/testing/fake-signature-pad'));

afterEach(cleanup);

const draw = () => fireEvent.click(screen.getByRole('button', { name: 'Signature pad' }));

describe('SignaturePanel', () => {
  it("hides 'Sign Contract' until a signature exists, then sends the PNG data URL", () => {
    const onSign = vi.fn();
    render(<SignaturePanel signLabel="Sign Contract" whenEmpty="hide" onSign={onSign} pending={false} />);
    expect(screen.queryByRole('button', { name: 'Sign Contract' })).toBeNull();
    draw();
    fireEvent.click(screen.getByRole('button', { name: 'Sign Contract' }));
    expect(onSign).toHaveBeenCalledWith(FAKE_SIGNATURE);
  });

  it('hides the button again after Clear', () => {
    render(<SignaturePanel signLabel="Sign Contract" whenEmpty="hide" onSign={vi.fn()} pending={false} />);
    draw();
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByRole('button', { name: 'Sign Contract' })).toBeNull();
  });

  it('shows a disabled button while empty when asked to', () => {
    render(<SignaturePanel signLabel="Sign Agreement" whenEmpty="disable" onSign={vi.fn()} pending={false} />);
    expect((screen.getByRole('button', { name: 'Sign Agreement' }) as HTMLButtonElement).disabled).toBe(true);
    draw();
    expect((screen.getByRole('button', { name: 'Sign Agreement' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('disables the pad, Clear and the button while signing, and shows an error inline', () => {
    const { rerender } = render(
      <SignaturePanel signLabel="Sign Contract" whenEmpty="hide" onSign={vi.fn()} pending={false} />,
    );
    draw();
    rerender(<SignaturePanel signLabel="Sign Contract" whenEmpty="hide" onSign={vi.fn()} pending />);
    expect((screen.getByRole('button', { name: 'Sign Contract' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Clear' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Signature pad' }) as HTMLButtonElement).disabled).toBe(true);
    rerender(
      <SignaturePanel
        signLabel="Sign Contract"
        whenEmpty="hide"
        onSign={vi.fn()}
        pending={false}
        error="This link has expired"
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('This link has expired');
  });
});
