import { useEffect, useRef } from 'react';
import type { DiscountStatus } from '@shared/api/team-discount.js';
import { keepOfflineCard } from '@web/lib/offline-discount-card';

/**
 * Keeps every card the status call answers on this phone, for when there is no signal
 * (docs/product.md#team-discount). A newer answer replaces one still being kept; leaving the page
 * does not stop it, so a quick look at the card is enough to have it offline.
 */
export function useKeepOfflineCard(status: DiscountStatus | undefined, age: number | null): void {
  const latest = useRef<AbortController | null>(null);
  useEffect(() => {
    if (!status) return;
    latest.current?.abort();
    const controller = new AbortController();
    latest.current = controller;
    void keepOfflineCard(status, age, controller.signal);
  }, [status, age]);
}
