import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { BARS_MAX, BARS_MIN } from '@shared/survey-rules.js';
import { BarsInput } from './bars-input';

/** The meter with its value held like the form holds it; `seen` records every value set. */
function Harness({ initial = null, seen }: { initial?: number | null; seen: number[] }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <>
      <span id="music-label">Music level</span>
      <BarsInput
        labelledBy="music-label"
        value={value}
        onChange={(next) => {
          seen.push(next);
          setValue(next);
        }}
        required
      />
    </>
  );
}

const bar = (level: number) => screen.getByRole('radio', { name: `${level} of 5 bars` });
const checked = () => screen.getAllByRole('radio').filter((radio) => radio.getAttribute('aria-checked') === 'true');

afterEach(cleanup);

describe('BarsInput', () => {
  it('is a radio group named by the question, one radio per bar from 1 to 5, rising in height', () => {
    render(<Harness seen={[]} />);
    const group = screen.getByRole('radiogroup', { name: 'Music level' });
    expect(group.getAttribute('aria-required')).toBe('true');
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('aria-label'))).toEqual([
      '1 of 5 bars',
      '2 of 5 bars',
      '3 of 5 bars',
      '4 of 5 bars',
      '5 of 5 bars',
    ]);
    expect([BARS_MIN, BARS_MAX]).toEqual([1, 5]);
    const heights = radios.map((radio) => parseFloat(getComputedStyle(radio.firstElementChild as HTMLElement).height));
    expect(heights).toEqual([...heights].sort((a, b) => a - b));
    expect(new Set(heights).size).toBe(5);
    expect(checked()).toEqual([]);
    expect(screen.getByText('Not rated')).toBeTruthy();
  });

  it('chooses the bar clicked or tapped and shows the number chosen', () => {
    const seen: number[] = [];
    render(<Harness seen={seen} />);
    fireEvent.click(bar(4));
    expect(checked()).toEqual([bar(4)]);
    expect(screen.getByText('4 of 5')).toBeTruthy();
    fireEvent.click(bar(2));
    expect(screen.getByText('2 of 5')).toBeTruthy();
    expect(seen).toEqual([4, 2]);
  });

  it('is one tab stop, on the chosen bar or on the first while unrated', () => {
    const { unmount } = render(<Harness seen={[]} />);
    expect(screen.getAllByRole('radio').map((radio) => radio.tabIndex)).toEqual([0, -1, -1, -1, -1]);
    unmount();
    render(<Harness initial={3} seen={[]} />);
    expect(screen.getAllByRole('radio').map((radio) => radio.tabIndex)).toEqual([-1, -1, 0, -1, -1]);
  });

  it('moves with the arrow keys, Home and End, focus following, within 1 to 5', () => {
    const seen: number[] = [];
    render(<Harness initial={3} seen={seen} />);
    bar(3).focus();
    fireEvent.keyDown(bar(3), { key: 'ArrowRight' });
    expect(checked()).toEqual([bar(4)]);
    expect(document.activeElement).toBe(bar(4));
    fireEvent.keyDown(bar(4), { key: 'ArrowUp' });
    expect(document.activeElement).toBe(bar(5));
    fireEvent.keyDown(bar(5), { key: 'ArrowRight' });
    expect(checked()).toEqual([bar(5)]);
    fireEvent.keyDown(bar(5), { key: 'ArrowLeft' });
    fireEvent.keyDown(bar(4), { key: 'ArrowDown' });
    expect(checked()).toEqual([bar(3)]);
    fireEvent.keyDown(bar(3), { key: 'Home' });
    expect(document.activeElement).toBe(bar(1));
    fireEvent.keyDown(bar(1), { key: 'ArrowLeft' });
    expect(checked()).toEqual([bar(1)]);
    fireEvent.keyDown(bar(1), { key: 'End' });
    expect(checked()).toEqual([bar(5)]);
    expect(screen.getByText('5 of 5')).toBeTruthy();
    // At an end nothing changes, so nothing is reported.
    expect(seen).toEqual([4, 5, 4, 3, 1, 5]);
  });

  it('makes each bar a real button, so Enter and Space choose the focused one', () => {
    render(<Harness seen={[]} />);
    const first = bar(1);
    expect(first.tagName).toBe('BUTTON');
    expect((first as HTMLButtonElement).type).toBe('button');
  });
});
