import { describe, expect, it } from 'vitest';
import { opaqueBounds } from './trim-signature';

/** A transparent RGBA image with these pixels opaque. */
function image(width: number, height: number, opaque: Array<[number, number]>): Uint8ClampedArray {
  const data = new Uint8ClampedArray(width * height * 4);
  for (const [x, y] of opaque) data[(y * width + x) * 4 + 3] = 255;
  return data;
}

describe('opaqueBounds', () => {
  it('finds the box around the strokes', () => {
    expect(
      opaqueBounds(
        image(10, 5, [
          [2, 1],
          [7, 3],
          [4, 2],
        ]),
        10,
        5,
      ),
    ).toEqual({ x: 2, y: 1, width: 6, height: 3 });
  });

  it('keeps a single dot', () => {
    expect(opaqueBounds(image(4, 4, [[3, 0]]), 4, 4)).toEqual({ x: 3, y: 0, width: 1, height: 1 });
  });

  it('gives null for a blank image', () => {
    expect(opaqueBounds(image(4, 4, []), 4, 4)).toBeNull();
  });
});
