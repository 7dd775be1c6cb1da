import { useMutation } from '@tanstack/react-query';
import type { DownloadAnswer } from '@shared/api/files.js';
import { showNotification } from '@web/stores/notification-store';
import { api } from './api-client';
import { errorText } from './error-text';

/**
 * GET /rest/file/download/<id>: a signed address of the file, valid for a few minutes (docs/product.md#files:
 * `data.uri`, opened in a new window). 403/404 for a file that is not the member's.
 */
export async function getDownloadUri(fileId: string): Promise<string> {
  const response = await api.get<DownloadAnswer>(`/rest/file/download/${encodeURIComponent(fileId)}`);
  return response.data.data.uri;
}

/**
 * A blank window opened while the click is still being handled, so pop-up blockers (Safari's in
 * particular, which refuses `window.open` after an await) let it through; it is cut off from this
 * page at once. Null when the browser refused it.
 */
export function openBlankWindow(): Window | null {
  const opened = window.open('', '_blank');
  if (opened) opened.opener = null;
  return opened;
}

/** The absolute address of a download `uri`; refuses anything but http(s) (no `javascript:`). */
export function downloadHref(uri: string): string {
  const url = new URL(uri, window.location.href);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('The download address is not valid');
  return url.href;
}

/** Shows `uri` in the window opened for it, or in a new one when there was none (or it was closed). */
export function showDownload(target: Window | null, uri: string): void {
  const href = downloadHref(uri);
  if (target && !target.closed) target.location.replace(href);
  else window.open(href, '_blank', 'noopener');
}

interface DownloadRequest {
  fileId: string;
  target: Window | null;
}

/**
 * Opens a stored file in a new window (docs/product.md#files): the window opens on the click, the signed address
 * is asked for, then the window goes there. A failure closes the window and shows the error in the
 * notification bar.
 * @returns `open(fileId)` to call from a click handler, and which file is being fetched.
 */
export function useFileDownload() {
  const mutation = useMutation({
    mutationKey: ['file-download'],
    mutationFn: async ({ fileId, target }: DownloadRequest) => showDownload(target, await getDownloadUri(fileId)),
    onError: (error, { target }) => {
      target?.close();
      showNotification({ message: errorText(error), severity: 'error' });
    },
  });
  return {
    open: (fileId: string) => mutation.mutate({ fileId, target: openBlankWindow() }),
    pendingFileId: mutation.isPending ? mutation.variables?.fileId : undefined,
  };
}
