/**
 * The QR image of each discount code, drawn once per member per code window and kept until the
 * window ends (docs/product.md#team-discount). A code already names its member and window, so it
 * is the key; the image is a pure function of it, so every instance may keep its own copy safely.
 * Bounded: the least recently shown images go first.
 */
import { createQrRenderer } from './qr-render.js';

export interface QrCache {
  /** The image of `code`, drawn on first request and shared until `expiresAt`. */
  imageOf(code: string, expiresAt: Date): Promise<string>;
  /** Images held now (for tests and the bench). */
  readonly size: number;
}

/** About 4 KB each: a few thousand members' cards in a few megabytes. */
export const QR_CACHE_MAX_ENTRIES = 2_000;

export function createQrCache(opts: {
  render: (code: string) => Promise<string>;
  maxEntries?: number;
  /** Milliseconds since the epoch; tests pass a clock. */
  now?: () => number;
}): QrCache {
  const max = opts.maxEntries ?? QR_CACHE_MAX_ENTRIES;
  const now = opts.now ?? Date.now;
  const entries = new Map<string, { image: Promise<string>; expiresAt: number }>();

  return {
    imageOf(code, expiresAt) {
      const at = now();
      const hit = entries.get(code);
      entries.delete(code);
      if (hit && hit.expiresAt > at) {
        entries.set(code, hit); // the most recently shown last
        return hit.image;
      }
      const entry = { image: opts.render(code), expiresAt: expiresAt.getTime() };
      entries.set(code, entry);
      // A failed drawing is not kept: the next request tries again.
      entry.image.catch(() => {
        if (entries.get(code) === entry) entries.delete(code);
      });
      for (const [key, held] of entries) {
        if (entries.size <= max && held.expiresAt > at) break;
        entries.delete(key);
      }
      return entry.image;
    },
    get size() {
      return entries.size;
    },
  };
}

/** The discount card's QR images for one process: the cache over a worker-thread renderer. */
export interface DiscountQr extends QrCache {
  /** Stops the renderer's worker (the app's onClose). */
  close(): Promise<void>;
}

export function createDiscountQr(): DiscountQr {
  const renderer = createQrRenderer();
  const cache = createQrCache({ render: (code) => renderer.render(code) });
  return {
    imageOf: (code, expiresAt) => cache.imageOf(code, expiresAt),
    get size() {
      return cache.size;
    },
    close: () => renderer.close(),
  };
}
