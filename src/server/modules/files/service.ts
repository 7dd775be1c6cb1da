/**
 * Stored files (docs/architecture.md#data-and-files): uploads arrive as base64 data URLs, are size-limited, sniffed from
 * their bytes (never trusted from the name or declared type), checked against an allow-list, and
 * images are re-encoded with sharp so their metadata (EXIF, GPS) is dropped.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import { DOCUMENT_MIME_TYPES, MAX_UPLOAD_BYTES, type StoredFile } from '@shared/api/files.js';
import { files } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { loadFileType, loadSharp } from '@server/lib/on-demand.js';
import { vetPdf } from '@server/lib/pdf-probe.js';
import { sha256Hex } from '@server/lib/tokens.js';
import type { Services } from '@server/services.js';

type FileRow = typeof files.$inferSelect;

/** Decoded pixels allowed in an uploaded image (a 50-megapixel photo); more is refused, not decoded. */
const MAX_IMAGE_PIXELS = 50_000_000;

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

export const toStoredFile = (row: FileRow): StoredFile => ({
  id: row.id,
  original_filename: row.originalFilename,
  size: row.size,
  content_type: row.contentType,
});

/**
 * The bytes of a `data:[type][;params];base64,<data>` URL.
 * @throws AppError BAD_REQUEST when it is not a base64 data URL, TOO_LARGE over `maxBytes`.
 */
export function decodeDataUrl(dataUrl: string, maxBytes = MAX_UPLOAD_BYTES): Buffer {
  const comma = dataUrl.indexOf(',');
  const header = comma > 0 ? dataUrl.slice(0, comma) : '';
  if (!/^data:(?:[\w.+-]+\/[\w.+-]+)?(?:;[\w.+-]+=[^;,]*)*;base64$/i.test(header)) {
    throw new AppError('BAD_REQUEST', 'The file was not sent as a base64 data URL.', [
      { field: 'file_data', error: 'must be a base64 data URL' },
    ]);
  }
  const body = dataUrl.slice(comma + 1).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body) || body.length % 4 === 1) {
    throw new AppError('BAD_REQUEST', 'The file data is not valid base64.', [
      { field: 'file_data', error: 'is not valid base64' },
    ]);
  }
  if (Math.floor((body.length * 3) / 4) > maxBytes + 2) throw tooLarge(maxBytes);
  const bytes = Buffer.from(body, 'base64');
  if (bytes.length > maxBytes) throw tooLarge(maxBytes);
  if (bytes.length === 0) {
    throw new AppError('BAD_REQUEST', 'The file is empty.', [{ field: 'file_data', error: 'is empty' }]);
  }
  return bytes;
}

const tooLarge = (maxBytes: number) =>
  new AppError('TOO_LARGE', `The file is too large: ${Math.round(maxBytes / 1024 / 1024)} MB at most.`, [
    { field: 'file_data', error: 'is too large' },
  ]);

/** A file name safe to show and to offer for download: no folders, no control characters, the sniffed extension. */
export function cleanFilename(name: string, contentType: string): string {
  const base = path.posix
    .basename(name.replace(/\\/g, '/'))
    .replace(/[\p{Cc}\p{Cf}"<>|*?:]/gu, '')
    .trim()
    .slice(0, 180);
  const ext = EXTENSIONS[contentType];
  const stem = base.replace(/\.[^.]*$/, '') || 'file';
  return ext ? `${stem}.${ext}` : stem;
}

/**
 * Checks the bytes are what the allow-list accepts and makes them safe to keep.
 * @returns the bytes to store (images re-encoded, PDFs without active content: lib/pdf-probe.ts) and
 * their sniffed type.
 * @throws AppError UNSUPPORTED_MEDIA_TYPE for anything else, BAD_REQUEST for a corrupt image or PDF, or
 * a signed PDF with active content.
 */
export async function vetUpload(
  bytes: Buffer,
  allowed: readonly string[] = DOCUMENT_MIME_TYPES,
): Promise<{ bytes: Buffer; contentType: string }> {
  const sniffed = await (await loadFileType()).fileTypeFromBuffer(bytes);
  if (!sniffed || !allowed.includes(sniffed.mime)) {
    const names = allowed.map((m) => EXTENSIONS[m]?.toUpperCase() ?? m).join(', ');
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `That type of file is not accepted. Upload one of: ${names}.`, [
      { field: 'file_data', error: 'is not an accepted type of file' },
    ]);
  }
  if (sniffed.mime === 'application/pdf') {
    const vetted = await vetPdf(bytes);
    if (vetted.outcome === 'unreadable') {
      throw new AppError('BAD_REQUEST', 'The PDF could not be read. It may be damaged or password-protected.', [
        { field: 'file_data', error: 'is not a readable PDF' },
      ]);
    }
    if (vetted.outcome === 'signed-with-active-content') {
      throw new AppError(
        'BAD_REQUEST',
        'This signed PDF contains scripts or other active content, so it cannot be accepted. Save it as a new PDF without its signature, or ask the sender for a copy without scripts.',
        [{ field: 'file_data', error: 'is a signed PDF with active content' }],
      );
    }
    return { bytes: Buffer.from(vetted.bytes), contentType: sniffed.mime };
  }
  const sharp = await loadSharp();
  try {
    // rotate() applies the EXIF orientation before the metadata is dropped (sharp keeps none by default).
    const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).rotate();
    const out =
      sniffed.mime === 'image/png'
        ? await image.png().toBuffer()
        : sniffed.mime === 'image/webp'
          ? await image.webp({ quality: 85 }).toBuffer()
          : await image.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
    return { bytes: out, contentType: sniffed.mime };
  } catch {
    throw new AppError('BAD_REQUEST', 'The image could not be read. It may be damaged or too large.', [
      { field: 'file_data', error: 'is not a readable image' },
    ]);
  }
}

/** Stores bytes already vetted or made by the server (signatures, signed PDFs, templates). */
export async function storeFile(opts: {
  services: Services;
  ownerStaffId: string | null;
  bucket: string;
  filename: string;
  contentType: string;
  bytes: Uint8Array;
}): Promise<FileRow> {
  const id = randomUUID();
  const storageKey = `${opts.bucket}/${id}`;
  await opts.services.storage.put(storageKey, opts.bytes);
  const [row] = await opts.services.db
    .insert(files)
    .values({
      id,
      ownerStaffId: opts.ownerStaffId,
      bucket: opts.bucket,
      originalFilename: cleanFilename(opts.filename, opts.contentType),
      contentType: opts.contentType,
      size: opts.bytes.byteLength,
      sha256: sha256Hex(opts.bytes),
      storageKey,
    })
    .returning();
  return row!;
}

/** Shown when a member's uploads of the last 24 hours would pass UPLOAD_MB_PER_DAY (429). */
export const UPLOAD_QUOTA_MESSAGE =
  'You have uploaded as much as you can for today. Please try again tomorrow, or ask your manager for help.';

/**
 * Counts `bytes` against the member's daily upload quota, before any work is spent on them; an upload
 * refused here counts for nothing. Shared by every instance (lib/rate-limits.ts).
 * @throws AppError TOO_MANY_REQUESTS when the upload would pass the quota.
 */
export async function chargeUploadQuota(opts: {
  services: Services;
  ownerStaffId: string;
  bytes: number;
}): Promise<void> {
  const { uploadQuota } = opts.services;
  // Counted in KiB, first and atomically, so parallel uploads cannot all pass one check.
  const kib = Math.max(1, Math.ceil(opts.bytes / 1024));
  const { consumedPoints } = await uploadQuota.penalty(opts.ownerStaffId, kib);
  if (consumedPoints > uploadQuota.points) {
    await uploadQuota.reward(opts.ownerStaffId, kib);
    throw new AppError('TOO_MANY_REQUESTS', UPLOAD_QUOTA_MESSAGE);
  }
}

/**
 * An upload from a user (docs/product.md#files file calls): decoded, counted against the member's
 * daily quota, vetted and stored for `ownerStaffId`.
 * @throws AppError BAD_REQUEST, TOO_LARGE, UNSUPPORTED_MEDIA_TYPE (see decodeDataUrl, vetUpload),
 *   TOO_MANY_REQUESTS (the daily quota).
 */
export async function uploadFile(opts: {
  services: Services;
  ownerStaffId: string;
  bucket: string;
  fileData: string;
  filename: string;
  allowed?: readonly string[];
}): Promise<StoredFile> {
  const decoded = decodeDataUrl(opts.fileData);
  await chargeUploadQuota({ services: opts.services, ownerStaffId: opts.ownerStaffId, bytes: decoded.byteLength });
  const vetted = await vetUpload(decoded, opts.allowed);
  const row = await storeFile({
    services: opts.services,
    ownerStaffId: opts.ownerStaffId,
    bucket: opts.bucket,
    filename: opts.filename,
    contentType: vetted.contentType,
    bytes: vetted.bytes,
  });
  return toStoredFile(row);
}

/** A stored file's row and bytes. @throws AppError NOT_FOUND. */
export async function readFile(opts: { services: Services; id: string }): Promise<{ row: FileRow; bytes: Buffer }> {
  const [row] = await opts.services.db.select().from(files).where(eq(files.id, opts.id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'That file does not exist.');
  return { row, bytes: await opts.services.storage.get(row.storageKey) };
}

/**
 * A stored file's row and its bytes as a stream (file-storage.ts getStream), for answers that pass
 * many files through without holding them. @throws AppError NOT_FOUND for an unknown id; the storage's
 * error when its bytes are missing.
 */
export async function openFileStream(opts: {
  services: Services;
  id: string;
}): Promise<{ row: FileRow; stream: Readable }> {
  const [row] = await opts.services.db.select().from(files).where(eq(files.id, opts.id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'That file does not exist.');
  return { row, stream: await opts.services.storage.getStream(row.storageKey) };
}

/** The file row with this id if it belongs to `ownerStaffId`. */
export async function findOwnedFile(opts: {
  services: Services;
  id: string;
  ownerStaffId: string;
}): Promise<FileRow | undefined> {
  const [row] = await opts.services.db.select().from(files).where(eq(files.id, opts.id)).limit(1);
  return row && row.ownerStaffId === opts.ownerStaffId ? row : undefined;
}

/** Removes stored files (rows and bytes), e.g. those made for a signature that lost a race. */
export async function deleteFiles(opts: { services: Services; ids: string[] }): Promise<void> {
  if (!opts.ids.length) return;
  const rows = await opts.services.db
    .delete(files)
    .where(inArray(files.id, opts.ids))
    .returning({ storageKey: files.storageKey });
  await Promise.all(rows.map((r) => opts.services.storage.delete(r.storageKey)));
}
