/**
 * Files the server answers with (a zip of one's data): read whole as a Blob with the name the server
 * gives it, through the API client's error handling and step-up. Apart from api-client.ts so that only
 * the screens that download carry it.
 */
import { api } from './api-client';

/** A file answer: its bytes and the name the server gave it, if any. */
export interface DownloadedFile {
  blob: Blob;
  filename: string | null;
}

/** The file name of a `content-disposition` header: its UTF-8 `filename*` if given, else `filename`. */
export function filenameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (utf8) {
    try {
      return decodeURIComponent(utf8[1]!);
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  return /filename="([^"]*)"/i.exec(disposition)?.[1] ?? null;
}

const fileOf = async (response: Response): Promise<DownloadedFile> => ({
  blob: await response.blob(),
  filename: filenameOf(response.headers.get('content-disposition')),
});

/** GETs `path`, whose answer is a file. @throws ApiError as `api.get` does. */
export const download = (path: string) => api.getWith<DownloadedFile>(path, fileOf);
