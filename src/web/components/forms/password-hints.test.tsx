import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PasswordHints } from './password-hints';

/** The state (valid, invalid, info) of the hint whose text starts with `text`. */
function hint(text: string): string | null {
  const item = screen.getByText((content) => content.startsWith(text)).closest('li');
  return item?.getAttribute('data-state') ?? null;
}

afterEach(cleanup);

describe('PasswordHints', () => {
  it('shows every rule red while nothing is typed, the symbol count neutral', () => {
    render(<PasswordHints password="" check="" requireDigit />);
    expect(hint('At least 8 characters')).toBe('invalid');
    expect(hint('At least 1 number')).toBe('invalid');
    expect(hint('Both passwords match')).toBe('invalid');
    expect(hint('0 symbols')).toBe('info');
  });

  it('turns each rule green as it is met', () => {
    render(<PasswordHints password="pintsof8" check="pintsof" requireDigit />);
    expect(hint('At least 8 characters')).toBe('valid');
    expect(hint('At least 1 number')).toBe('valid');
    expect(hint('Both passwords match')).toBe('invalid');
    cleanup();
    render(<PasswordHints password="pints-of-8!" check="pints-of-8!" requireDigit />);
    expect(hint('Both passwords match')).toBe('valid');
    expect(hint('3 symbols')).toBe('info');
  });

  it('keeps a short password red even when both match', () => {
    render(<PasswordHints password="ab1" check="ab1" requireDigit />);
    expect(hint('At least 8 characters')).toBe('invalid');
    expect(hint('Both passwords match')).toBe('valid');
  });

  it('leaves the digit rule out when it is not required', () => {
    render(<PasswordHints password="" check="" requireDigit={false} />);
    expect(screen.queryByText(/At least 1 number/)).toBeNull();
  });

  it('paints valid rules green and invalid ones red', () => {
    render(<PasswordHints password="longenough" check="" requireDigit />);
    const green = getComputedStyle(screen.getByText('At least 8 characters').closest('li')!).color;
    const red = getComputedStyle(screen.getByText('At least 1 number').closest('li')!).color;
    expect(green).toBe('rgb(46, 125, 50)');
    expect(red).toBe('rgb(211, 47, 47)');
  });
});
