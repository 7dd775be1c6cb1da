/**
 * Selfie capture settings (docs/product.md#my-details): a JPEG from a square 800x800 front-camera video, at least
 * 800 pixels high, mirrored like a mirror; the preview is at most 400x400.
 */
export const SELFIE_SCREENSHOT_FORMAT = 'image/jpeg' as const;
export const SELFIE_VIDEO_CONSTRAINTS = { width: 800, height: 800, facingMode: 'user' } as const;
export const SELFIE_MIN_SCREENSHOT_HEIGHT = 800;
export const SELFIE_PREVIEW_MAX_PX = 400;

/** Picture files accepted from the device (the server takes JPEG and PNG). */
export const SELFIE_FILE_TYPES = ['image/jpeg', 'image/png'] as const;
export const SELFIE_FILE_ACCEPT = SELFIE_FILE_TYPES.join(',');
