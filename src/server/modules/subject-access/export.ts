/**
 * A subject-access answer as one zip, written as it is sent (docs/product.md#subject-access,
 * docs/decisions/0068-subject-access.md): `summary.html` (readable), `data.json` (every record) and
 * `files/` (the person's uploads, picture, signatures and signed PDFs). Each file is read from the file
 * storage as a stream and handed to yazl only when the last has gone through into the answer, so at
 * most one file is open, none is held whole, and a slow reader slows the reading: memory stays flat
 * however many files the person has (docs/performance.md#subject-access-zip).
 */
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { ZipFile } from 'yazl';
import { audit } from '@server/lib/audit.js';
import { loadYazl } from '@server/lib/on-demand.js';
import { ukDateOf } from '@server/lib/uk-days.js';
import type { Services } from '@server/services.js';
import { gatherSubjectData, type SubjectAccessAudience, type SubjectFile } from './gather.js';
import { summaryHtml } from './summary.js';
import { addZipEntry } from '@server/lib/zip-entries.js';

/** Already compressed: stored as they are. */
const COMPRESSED = /^(image\/(jpeg|png|webp|heic)|application\/(pdf|zip))/;

/** Writes the files one at a time, then ends the zip; a file missing from storage becomes a note. */
async function fillZip(opts: {
  services: Services;
  zip: ZipFile;
  files: SubjectFile[];
  signal: AbortSignal;
  log: FastifyBaseLogger;
}): Promise<void> {
  const { services, zip, signal } = opts;
  for (const file of opts.files) {
    if (signal.aborted) throw new Error('aborted');
    let stream: Readable;
    try {
      stream = await services.storage.getStream(file.storageKey);
    } catch (err) {
      opts.log.error({ err, fileId: file.id }, 'a file could not be read for a subject-access zip');
      zip.addBuffer(
        Buffer.from('This file could not be read from the file storage. Ask HR to check it.\n'),
        `${file.path} (missing).txt`,
        { mtime: file.createdAt },
      );
      continue;
    }
    await addZipEntry(
      zip,
      file.path,
      stream,
      { mtime: file.createdAt, compress: !COMPRESSED.test(file.contentType) },
      signal,
    );
  }
  zip.end();
}

/**
 * The zip of everything held about `staffId`, as a stream, and its file name. Audited as
 * `subject-access.downloaded` (`{ audience, files }`, actor `staff:<actorId>`) before the first byte.
 * `signal` stops the writing when the reader goes. Scope and step-up are the caller's (the routes).
 * @throws AppError NOT_FOUND when no such person exists (before anything is sent).
 */
export async function exportSubjectAccess(opts: {
  services: Services;
  staffId: string;
  audience: SubjectAccessAudience;
  actorId: string;
  ip: string;
  signal: AbortSignal;
  log: FastifyBaseLogger;
  now?: Date;
}): Promise<{ filename: string; stream: Readable }> {
  const { services, staffId, audience } = opts;
  const now = opts.now ?? new Date();
  const subject = await gatherSubjectData({ services, staffId, audience, log: opts.log });
  await audit(services.db, {
    staffId,
    actor: `staff:${opts.actorId}`,
    action: 'subject-access.downloaded',
    ip: opts.ip,
    details: { audience, files: subject.files.length },
  });
  const { ZipFile } = await loadYazl();
  const zip = new ZipFile();
  zip.on('error', (err: Error) => zip.outputStream.destroy(err));
  zip.addBuffer(Buffer.from(summaryHtml(subject, audience, now)), 'summary.html', { mtime: now });
  const json = {
    made_at: now.toISOString(),
    audience,
    person_id: staffId,
    ...subject.data,
  };
  zip.addBuffer(Buffer.from(`${JSON.stringify(json, null, 2)}\n`), 'data.json', { mtime: now });
  fillZip({ services, zip, files: subject.files, signal: opts.signal, log: opts.log }).catch((err: unknown) => {
    if (opts.signal.aborted) return;
    opts.log.error({ err }, 'subject-access zip failed');
    zip.outputStream.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  const name = subject.name
    .normalize('NFC')
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, '_')
    .trim()
    .slice(0, 80);
  return { filename: `Staffroom data of ${name || 'a person'} ${ukDateOf(now)}.zip`, stream: zip.outputStream };
}
