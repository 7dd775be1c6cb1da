/**
 * Short-lived signed addresses for stored files (docs/architecture.md: downloads through short-lived signed
 * URLs, only to their owner). The address carries the file id, an expiry and the disposition, with
 * an HMAC over them, so it works in a new window or an <img> without the session, and only until
 * it expires.
 */
import { acceptedAppSecrets } from '@server/lib/secrets.js';
import { derivedKey } from '@server/lib/derived-keys.js';
import type { StoredFile, UploadedFile } from '@shared/api/files.js';
import { AppError } from '@server/errors.js';
import { hmac, safeEqual } from '@server/lib/tokens.js';
import type { Services } from '@server/services.js';
import { findOwnedFile, readFile } from './service.js';
import { isUuid } from '@server/lib/ids.js';

/** Seconds a download address works (docs/product.md#files: "a few minutes"). */
export const DOWNLOAD_TTL_SECONDS = 5 * 60;

/** Types shown inside the app, which may be served inline; everything else is an attachment. */
const INLINE_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'];

export type Disposition = 'inline' | 'attachment';

const signingKey = (appSecret: string) => derivedKey(appSecret, 'file-download').toString('base64');
const payload = (fileId: string, expires: number, disposition: Disposition) => `${fileId}.${expires}.${disposition}`;

/** A signed address of a file, valid for `ttlSeconds`. */
export function signedFileUrl(opts: {
  services: Services;
  fileId: string;
  disposition: Disposition;
  ttlSeconds?: number;
  now?: Date;
}): string {
  const expires = Math.floor((opts.now ?? new Date()).getTime() / 1000) + (opts.ttlSeconds ?? DOWNLOAD_TTL_SECONDS);
  const sig = hmac(signingKey(opts.services.appSecret), payload(opts.fileId, expires, opts.disposition));
  return `/api/rest/file/content/${opts.fileId}?expires=${expires}&disposition=${opts.disposition}&sig=${sig}`;
}

/** An upload's answer (docs/product.md#the-file-object): the stored file with a signed address to open it. */
export const withUri = (services: Services, file: StoredFile): UploadedFile => ({
  ...file,
  uri: signedFileUrl({ services, fileId: file.id, disposition: 'inline' }),
});

/**
 * A fresh signed address of the member's own file.
 * @throws AppError NOT_FOUND for a file that is not theirs (or does not exist).
 */
async function signOwnFile(opts: {
  services: Services;
  staffId: string;
  fileId: string;
  disposition: Disposition;
}): Promise<string> {
  const file = isUuid(opts.fileId)
    ? await findOwnedFile({ services: opts.services, id: opts.fileId, ownerStaffId: opts.staffId })
    : undefined;
  if (!file) throw new AppError('NOT_FOUND', 'That file was not found.');
  return signedFileUrl({ services: opts.services, fileId: file.id, disposition: opts.disposition });
}

/**
 * `GET /rest/file/open/<id>`: a fresh signed address of the member's own file, inline (where the type
 * allows) unless `disposition` says attachment, behind the stable path a survey answer keeps and the
 * in-app document viewer opens (`fileOpenPath`). @throws AppError NOT_FOUND.
 */
export const openOwnFile = (opts: {
  services: Services;
  staffId: string;
  fileId: string;
  disposition?: Disposition;
}): Promise<string> => signOwnFile({ ...opts, disposition: opts.disposition ?? 'inline' });

/** `GET /rest/file/download/<id>`: a signed address for the member's own file. @throws AppError NOT_FOUND. */
export async function createDownload(opts: {
  services: Services;
  staffId: string;
  fileId: string;
}): Promise<{ uri: string }> {
  return { uri: await signOwnFile({ ...opts, disposition: 'attachment' }) };
}

/**
 * The bytes behind a signed address.
 * @throws AppError FORBIDDEN for a bad signature or an expired address, NOT_FOUND for a removed file.
 */
export async function openSignedFile(opts: {
  services: Services;
  fileId: string;
  expires: number;
  disposition: Disposition;
  sig: string;
  now?: Date;
}) {
  // A link signed under the previous APP_SECRET of a rotation still opens until it expires.
  const signed = payload(opts.fileId, opts.expires, opts.disposition);
  if (!acceptedAppSecrets(opts.services).some((secret) => safeEqual(hmac(signingKey(secret), signed), opts.sig)))
    throw new AppError('FORBIDDEN', 'This download link is not valid.');
  if (opts.expires * 1000 <= (opts.now ?? new Date()).getTime())
    throw new AppError('FORBIDDEN', 'This download link has expired. Open the file again from the app.');
  const { row, bytes } = await readFile({ services: opts.services, id: opts.fileId });
  const disposition: Disposition =
    opts.disposition === 'inline' && INLINE_TYPES.includes(row.contentType) ? 'inline' : 'attachment';
  return { row, bytes, disposition };
}
