import { describe, expect, it } from 'vitest';
import { documentKind } from './document-file';
import { canvasPixelRatio, clampScale, MAX_CANVAS_PIXELS, percentOf, scaleOf, zoomedIn, zoomedOut } from './zoom';

const A4 = 595;

describe('zoom', () => {
  it('starts at 100% and shrinks to the box only when the box is narrower (the specification’s zoom 100)', () => {
    expect(scaleOf('auto', 800, A4)).toBe(1);
    // An A4 page in a phone's box, 366 px of room.
    expect(percentOf(scaleOf('auto', 366, A4))).toBe('62%');
    expect(scaleOf('auto', 366, null)).toBe(1);
  });

  it('fits the width, growing past 100% where there is room', () => {
    expect(scaleOf('fit', 366, A4)).toBeCloseTo(366 / A4);
    expect(percentOf(scaleOf('fit', 893, A4))).toBe('150%');
  });

  it('writes the percentage as the member’s language does', () => {
    expect(percentOf(1.5, 'pl')).toBe('150%');
    expect(percentOf(1.5, 'es')).toBe('150\u00a0%');
    expect(percentOf(0.62, 'pseudo')).toBe('62%');
  });

  it('steps in and out from wherever the scale is, and stops at 50% and 300%', () => {
    expect(zoomedIn(366 / A4)).toBe(0.75);
    expect(zoomedOut(366 / A4)).toBe(0.5);
    expect(zoomedIn(1)).toBe(1.25);
    expect(zoomedOut(1)).toBe(0.75);
    expect(zoomedIn(3)).toBeNull();
    expect(zoomedOut(0.5)).toBeNull();
    expect(clampScale(9)).toBe(3);
    expect(clampScale(0.1)).toBe(0.5);
  });

  it('draws a large zoomed page at a lower pixel ratio rather than past what a phone can draw', () => {
    expect(canvasPixelRatio(366, 518, 3)).toBe(3);
    const ratio = canvasPixelRatio(A4 * 3, 842 * 3, 3);
    expect(ratio).toBeLessThan(3);
    expect(A4 * 3 * ratio * 842 * 3 * ratio).toBeLessThanOrEqual(MAX_CANVAS_PIXELS + 1);
  });
});

describe('documentKind', () => {
  it('shows PDFs and pictures in the app and downloads the rest, by the stored name’s extension', () => {
    expect(documentKind('motor-insurance.pdf')).toBe('pdf');
    expect(documentKind('COVER.PDF')).toBe('pdf');
    for (const name of ['photo.jpg', 'photo.jpeg', 'scan.png', 'scan.webp']) expect(documentKind(name)).toBe('image');
    for (const name of ['notes.docx', 'file', 'pdf']) expect(documentKind(name)).toBe('other');
  });
});
