/**
 * Zoom of the document viewers (docs/product.md#documents, viewers): the rules, apart from React so they
 * can be tested alone. A scale is a factor of the document's natural width (1 = 100 %: a PDF page's
 * width in points as CSS pixels, an image's width in pixels).
 */

/**
 * `'auto'` is the specification's default (zoom 100, shrunk to the box on narrow screens); `'fit'` fills
 * the box's width, growing past 100 % when there is room; a number is a scale the member chose.
 */
export type Zoom = 'auto' | 'fit' | number;

/** The scales Zoom in and Zoom out step through. */
export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
export const MIN_SCALE = ZOOM_STEPS[0];
export const MAX_SCALE = ZOOM_STEPS[ZOOM_STEPS.length - 1]!;

/** Two scales this close show the same percentage; a step must be further than this to count. */
const SAME = 0.005;

/**
 * The scale `zoom` shows at, for a box `available` CSS px wide and a document `natural` px wide
 * (1 while the natural width is not known yet or is 0).
 */
export function scaleOf(zoom: Zoom, available: number, natural: number | null): number {
  if (typeof zoom === 'number') return zoom;
  if (!natural || available <= 0) return 1;
  const fit = available / natural;
  return zoom === 'fit' ? fit : Math.min(1, fit);
}

/** The next step above `scale`, or null at the largest. */
export function zoomedIn(scale: number): number | null {
  return ZOOM_STEPS.find((step) => step > scale + SAME) ?? null;
}

/** The next step below `scale`, or null at the smallest. */
export function zoomedOut(scale: number): number | null {
  return [...ZOOM_STEPS].reverse().find((step) => step < scale - SAME) ?? null;
}

/** A pinch's scale kept within the steps' range. */
export const clampScale = (scale: number): number => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

/**
 * A scale as people read it in `locale`: `'125%'` in English (and in the pseudo-locale, made from
 * it), `'125 %'` in Spanish or Romanian.
 */
export const percentOf = (scale: number, locale = 'en-GB'): string =>
  new Intl.NumberFormat(locale === 'pseudo' ? 'en-GB' : locale, { style: 'percent', maximumFractionDigits: 0 }).format(
    scale,
  );

/** Pixels one canvas may have: iOS Safari draws nothing past 4096 × 4096 (16.7 megapixels). */
export const MAX_CANVAS_PIXELS = 4096 * 4096;

/**
 * The device pixel ratio to draw a `width` × `height` CSS px page at: the screen's, lowered when that
 * would pass MAX_CANVAS_PIXELS (a page zoomed in on a phone would otherwise come out blank).
 */
export function canvasPixelRatio(width: number, height: number, screenRatio: number): number {
  const area = width * height;
  if (area <= 0) return screenRatio;
  return Math.min(screenRatio, Math.sqrt(MAX_CANVAS_PIXELS / area));
}
