import { useEffect, useState } from 'react';
import { loadOfflineCard, type OfflineCard } from '@web/lib/offline-discount-card';
import { MAX_TIMER_MS } from './discount-timing';

/**
 * The card kept on this phone for the signed-in member while its code is still valid
 * (docs/product.md#team-discount), or null. It goes the moment `expires` passes, without waiting for
 * anything else to redraw the page.
 */
export function useOfflineCard(): OfflineCard | null {
  const [card, setCard] = useState(() => loadOfflineCard(Date.now()));
  useEffect(() => {
    if (!card) return;
    const untilExpiry = Math.max(Date.parse(card.status.expires) - Date.now(), 0);
    // Read again rather than assume: a timer may fire a moment early, or cap a very long wait.
    const timer = setTimeout(() => setCard(loadOfflineCard(Date.now())), Math.min(untilExpiry, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [card]);
  return card;
}
