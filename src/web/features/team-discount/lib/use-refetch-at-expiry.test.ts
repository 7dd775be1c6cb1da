import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRefetchAtExpiry } from './use-refetch-at-expiry';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-03-09T10:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('useRefetchAtExpiry', () => {
  it('asks again a second after the code expires', () => {
    const refetch = vi.fn();
    renderHook(() => useRefetchAtExpiry('2026-03-09T10:00:10Z', 1, refetch));
    vi.advanceTimersByTime(10_999);
    expect(refetch).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('asks every 30 seconds, not in a loop, while the server still answers an expired code', () => {
    const refetch = vi.fn();
    const { rerender } = renderHook(
      ({ answeredAt }) => useRefetchAtExpiry('2026-03-09T09:59:00Z', answeredAt, refetch),
      {
        initialProps: { answeredAt: 1 },
      },
    );
    vi.advanceTimersByTime(29_999);
    expect(refetch).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refetch).toHaveBeenCalledTimes(1);
    rerender({ answeredAt: 2 });
    vi.advanceTimersByTime(29_999);
    expect(refetch).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(refetch).toHaveBeenCalledTimes(2);
  });

  it('does nothing without a card, and stops when the page goes', () => {
    const refetch = vi.fn();
    renderHook(() => useRefetchAtExpiry(undefined, 0, refetch));
    const { unmount } = renderHook(() => useRefetchAtExpiry('2026-03-09T10:00:10Z', 1, refetch));
    unmount();
    vi.advanceTimersByTime(60_000);
    expect(refetch).not.toHaveBeenCalled();
  });
});
