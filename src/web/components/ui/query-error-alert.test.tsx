import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@web/lib/api-error';
import { OFFLINE_CARD_STORAGE_KEY } from '@web/lib/offline-discount-card';
import { offlineStatus, signInAs } from '@web/testing/offline-card';
import { QueryErrorAlert } from './query-error-alert';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

/** A call that got no answer, as the API client reports it. */
const noAnswer = new ApiError(NETWORK_ERROR_MESSAGE);

/** Keeps a card for the signed-in member `u1` whose code is valid for another hour. */
function keepCard(): void {
  signInAs('u1');
  const expires = new Date(Date.now() + 3_600_000).toISOString();
  window.localStorage.setItem(
    OFFLINE_CARD_STORAGE_KEY,
    JSON.stringify({ version: 1, owner: 'u1', age: null, selfiePath: '', status: { ...offlineStatus, expires } }),
  );
}

describe('QueryErrorAlert', () => {
  it('shows the answer’s text with Try again', () => {
    const onRetry = vi.fn();
    render(
      <QueryErrorAlert
        error={new ApiError('Request failed with status code 500', { status: 500, data: undefined })}
        onRetry={onRetry}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('Request failed with status code 500');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('says the member is offline, not "Network Error", when the call got no answer', () => {
    const onRetry = vi.fn();
    render(<QueryErrorAlert error={noAnswer} onRetry={onRetry} />);
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain("You're offline. Check your Wi-Fi or mobile data, then try again.");
    expect(screen.queryByText(/Network Error/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Show my discount card' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('leads to the discount card while one is kept on the phone', () => {
    keepCard();
    render(<QueryErrorAlert error={noAnswer} onRetry={() => {}} />);
    expect(screen.getByRole('link', { name: 'Show my discount card' }).getAttribute('href')).toBe('/team-discount');
  });
});
