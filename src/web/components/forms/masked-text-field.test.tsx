import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { MaskedTextField } from './masked-text-field';

function Harness({ mask, seen }: { mask: string; seen: string[] }) {
  const [value, setValue] = useState('');
  return (
    <MaskedTextField
      label="Sort code"
      mask={mask}
      value={value}
      onChange={(next) => {
        seen.push(next);
        setValue(next);
      }}
    />
  );
}

const field = () => screen.getByRole('textbox', { name: 'Sort code' }) as HTMLInputElement;
const type = (text: string) => fireEvent.input(field(), { target: { value: text } });

afterEach(cleanup);

describe('MaskedTextField', () => {
  it('formats digits into the pattern and reports the masked value', () => {
    const seen: string[] = [];
    render(<Harness mask="00-00-00" seen={seen} />);
    type('123456');
    expect(field().value).toBe('12-34-56');
    expect(seen.at(-1)).toBe('12-34-56');
  });

  it('drops letters and anything beyond the pattern', () => {
    const seen: string[] = [];
    render(<Harness mask="00000000" seen={seen} />);
    type('12ab345678999');
    expect(field().value).toBe('12345678');
    expect(seen.at(-1)).toBe('12345678');
  });

  it('asks phones for the numeric keyboard', () => {
    render(<Harness mask="00000000" seen={[]} />);
    expect(field().getAttribute('inputmode')).toBe('numeric');
  });
});
