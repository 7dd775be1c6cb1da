import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveClock } from './live-clock';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  // 10:00:00.600 local time.
  vi.setSystemTime(new Date(2026, 2, 9, 10, 0, 0, 600));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const clock = () => screen.getByRole('timer', { name: 'Live time' }).textContent;

describe('LiveClock', () => {
  it('shows the time as HH:mm:ss and redraws every 500 ms', () => {
    render(<LiveClock />);
    expect(clock()).toBe('10:00:00');
    // 499 ms later the clock has not redrawn yet, even though a new second has begun.
    act(() => vi.advanceTimersByTime(499));
    expect(clock()).toBe('10:00:00');
    act(() => vi.advanceTimersByTime(1));
    expect(clock()).toBe('10:00:01');
    act(() => vi.advanceTimersByTime(59_500));
    expect(clock()).toBe('10:01:00');
  });

  it('stops ticking once it is gone', () => {
    const { unmount } = render(<LiveClock />);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
