import { useEffect } from 'react';
import { EXPIRED_RETRY_MS, EXPIRY_GRACE_MS, MAX_TIMER_MS } from './discount-timing';

/**
 * Calls `refetch` when the code expires (a moment after `expires`), so the card shows the new code
 * by itself. Re-armed after every answer (`answeredAt`): an answer whose code has already expired,
 * because the phone's clock runs ahead of the server's, is asked for again every 30 seconds rather
 * than in a loop. A phone that slept through the expiry refetches as soon as it wakes.
 */
export function useRefetchAtExpiry(expires: string | undefined, answeredAt: number, refetch: () => unknown): void {
  useEffect(() => {
    if (!expires) return;
    const at = Date.parse(expires);
    if (Number.isNaN(at)) return;
    const untilExpiry = at - Date.now();
    const delay = untilExpiry > 0 ? untilExpiry + EXPIRY_GRACE_MS : EXPIRED_RETRY_MS;
    const timer = setTimeout(() => void refetch(), Math.min(delay, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [expires, answeredAt, refetch]);
}
