/**
 * The signature pad of docs/product.md#documents: a 400 x 100 CSS pixel canvas (shrunk to narrower screens), pen
 * widths 0.5 to 2.5, velocity filter weight 0.7, 16 ms throttle, 5 px minimum distance; docs/product.md#documents:
 * black pen on a transparent background.
 */
export const SIGNATURE_PAD = {
  width: 400,
  height: 100,
  minWidth: 0.5,
  maxWidth: 2.5,
  velocityFilterWeight: 0.7,
  throttle: 16,
  minDistance: 5,
  penColor: 'black',
  backgroundColor: 'rgba(0,0,0,0)',
} as const;
