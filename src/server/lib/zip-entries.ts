/**
 * Streamed zip entries (yazl): a file read as a stream into a zip answer, holding only the chunk being
 * passed on. Used by HR's signed-documents zip and the subject-access zip.
 */
import type { Readable } from 'node:stream';
import type { ZipFile } from 'yazl';

/**
 * Adds one entry read from `stream` and resolves once the zip has read all of it into its output,
 * which waits for the answer's reader: so only the chunk being passed on is held, never a whole file.
 * Rejects when `stream` fails or `signal` aborts (the reader went); the stream is then closed.
 */
export function addZipEntry(
  zip: ZipFile,
  name: string,
  stream: Readable,
  options: { mtime: Date; compress: boolean },
  signal: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const fail = (err: Error) => {
      signal.removeEventListener('abort', onAbort);
      stream.destroy();
      reject(err);
    };
    const onAbort = () => fail(new Error('aborted'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    stream.once('error', fail);
    stream.once('end', () => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    });
    zip.addReadStreamLazy(name, options, (cb) => cb(null, stream));
  });
}
