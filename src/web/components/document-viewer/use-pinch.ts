import { useEffect, useRef, type RefObject } from 'react';

/** Where a pinch is centred: CSS px from the scrolling box's top-left corner, as seen (not scrolled). */
export interface PinchOrigin {
  x: number;
  y: number;
}

export interface PinchHandlers {
  /** While two fingers move: how far apart they are against the start (2 = twice as far). */
  onPinch: (ratio: number, origin: PinchOrigin) => void;
  /** When a finger lifts: the final ratio. */
  onPinchEnd: (ratio: number, origin: PinchOrigin) => void;
}

type Point = { clientX: number; clientY: number };
const spread = (a: Point, b: Point) => Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);

/**
 * Two-finger pinch on a scrolling element, reported as a ratio. Touch events rather than pointer events:
 * once one finger has started a scroll the browser cancels its pointer, but its touches still arrive.
 * One finger still scrolls natively; the element should carry `touch-action: pan-x pan-y` so the
 * browser does not zoom the whole page instead.
 */
export function usePinch(ref: RefObject<HTMLElement | null>, handlers: PinchHandlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let start: { distance: number; origin: PinchOrigin } | null = null;
    let ratio = 1;

    const onStart = (event: TouchEvent) => {
      const [a, b] = [event.touches[0], event.touches[1]];
      if (event.touches.length !== 2 || !a || !b) return;
      const box = element.getBoundingClientRect();
      start = {
        distance: Math.max(spread(a, b), 1),
        origin: { x: (a.clientX + b.clientX) / 2 - box.left, y: (a.clientY + b.clientY) / 2 - box.top },
      };
      ratio = 1;
    };
    const onMove = (event: TouchEvent) => {
      const [a, b] = [event.touches[0], event.touches[1]];
      if (!start || event.touches.length !== 2 || !a || !b) return;
      // Ours, not the page's zoom nor a scroll.
      if (event.cancelable) event.preventDefault();
      ratio = spread(a, b) / start.distance;
      latest.current.onPinch(ratio, start.origin);
    };
    const onEnd = (event: TouchEvent) => {
      if (!start || event.touches.length >= 2) return;
      const { origin } = start;
      start = null;
      latest.current.onPinchEnd(ratio, origin);
    };

    element.addEventListener('touchstart', onStart, { passive: true });
    element.addEventListener('touchmove', onMove, { passive: false });
    element.addEventListener('touchend', onEnd);
    element.addEventListener('touchcancel', onEnd);
    return () => {
      element.removeEventListener('touchstart', onStart);
      element.removeEventListener('touchmove', onMove);
      element.removeEventListener('touchend', onEnd);
      element.removeEventListener('touchcancel', onEnd);
    };
  }, [ref]);
}
