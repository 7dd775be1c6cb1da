/** A rectangle in canvas pixels. */
export interface PixelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The smallest box holding every pixel that is not fully transparent, in RGBA `data` of a
 * `width` x `height` image; null when the image is blank (docs/product.md#documents signature "trim of blank
 * transparent margins").
 */
export function opaqueBounds(data: ArrayLike<number>, width: number, height: number): PixelBox | null {
  let top = height;
  let left = width;
  let bottom = -1;
  let right = -1;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if ((data[(y * width + x) * 4 + 3] ?? 0) === 0) continue;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
      if (x < left) left = x;
      if (x > right) right = x;
    }
  }
  if (bottom < 0) return null;
  return { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
}

/**
 * The canvas as a PNG data URL with its blank margins cut off. Ours rather than the pad's
 * `getTrimmedCanvas`, whose trim-canvas dependency does not survive every bundler.
 */
export function trimmedPngDataUrl(canvas: HTMLCanvasElement): string {
  const context = canvas.getContext('2d');
  if (!context || canvas.width === 0 || canvas.height === 0) return canvas.toDataURL('image/png');
  const box = opaqueBounds(context.getImageData(0, 0, canvas.width, canvas.height).data, canvas.width, canvas.height);
  if (!box) return canvas.toDataURL('image/png');
  const trimmed = document.createElement('canvas');
  trimmed.width = box.width;
  trimmed.height = box.height;
  trimmed.getContext('2d')?.drawImage(canvas, box.x, box.y, box.width, box.height, 0, 0, box.width, box.height);
  return trimmed.toDataURL('image/png');
}
