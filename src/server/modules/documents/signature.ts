/**
 * The signature image a joiner draws (docs/product.md#documents: Signature: a PNG data URL from the pad). The server
 * accepts PNG only, checks it decodes, is of a sane size and is not blank, and re-encodes it.
 */
import { MAX_SIGNATURE_DATA_LENGTH } from '@shared/upload-rules.js';
import { AppError } from '@server/errors.js';
import { loadFileType, loadSharp } from '@server/lib/on-demand.js';
import { decodeDataUrl } from '@server/modules/files/index.js';

const invalid = (error: string) => new AppError('BAD_REQUEST', error, [{ field: 'signature_data', error }]);

/**
 * The PNG bytes of a signature.
 * @throws AppError BAD_REQUEST when it is not a PNG data URL, cannot be read, is too big or is blank.
 */
export async function parseSignature(dataUrl: string): Promise<Buffer> {
  if (!dataUrl.startsWith('data:image/png')) throw invalid('The signature must be a PNG image.');
  let bytes: Buffer;
  try {
    bytes = decodeDataUrl(dataUrl, MAX_SIGNATURE_DATA_LENGTH);
  } catch {
    throw invalid('The signature image could not be read.');
  }
  if ((await (await loadFileType()).fileTypeFromBuffer(bytes))?.mime !== 'image/png')
    throw invalid('The signature must be a PNG image.');
  const sharp = await loadSharp();
  try {
    const image = sharp(bytes, { limitInputPixels: 4000 * 4000, failOn: 'error' });
    const meta = await image.metadata();
    if (!meta.width || !meta.height || meta.width > 4000 || meta.height > 2000)
      throw invalid('The signature image has an unexpected size.');
    const { channels, isOpaque } = await image.stats();
    // A transparent pad with nothing drawn has a maximum alpha of 0; an opaque one a single colour.
    const blank = isOpaque ? channels.every((c) => c.min === c.max) : (channels[3]?.max ?? 0) === 0;
    if (blank) throw invalid('Please sign before submitting.');
    // A pad is 400x100 CSS pixels (docs/product.md#documents); even at 3x that is within 1200x300, and a bigger
    // image only costs time when it is embedded in the signed PDF.
    return await image.resize({ width: 1200, height: 300, fit: 'inside', withoutEnlargement: true }).png().toBuffer();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw invalid('The signature image could not be read.');
  }
}
