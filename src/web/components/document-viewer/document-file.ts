/**
 * A stored file as the document viewer sees it (docs/product.md#downloads): what kind of viewer shows it,
 * and the same-origin paths that open or download it with the member's session.
 */
import { fileOpenPath } from '@shared/file-paths.js';

/** A stored file of the member's: its id and the name it was stored under. */
export interface DocumentFile {
  id: string;
  original_filename: string;
}

/** `'pdf'` and `'image'` show inside the app; anything else downloads. */
export type DocumentKind = 'pdf' | 'image' | 'other';

/**
 * The viewer a file needs, from its stored name: the server names every upload with the extension of
 * the type it sniffed from the bytes (docs/product.md#the-file-object), so the name is a safe guide.
 */
export function documentKind(filename: string): DocumentKind {
  const extension = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase();
  if (extension === 'pdf') return 'pdf';
  if (extension && ['jpg', 'jpeg', 'png', 'webp'].includes(extension)) return 'image';
  return 'other';
}

/** The path that shows the file inline: pdf.js fetches it and an <img> loads it (redirected to a fresh signed address). */
export const fileViewPath = (fileId: string): string => fileOpenPath(fileId);

/** The path that downloads the file (the same call with `disposition=attachment`). */
export const fileDownloadPath = (fileId: string): string => `${fileOpenPath(fileId)}?disposition=attachment`;

/**
 * Downloads the file without leaving the page or opening a window: an attachment from this origin
 * saves rather than navigates (a blank window is what a phone showed before).
 */
export function downloadFile(file: DocumentFile): void {
  const link = document.createElement('a');
  link.href = fileDownloadPath(file.id);
  link.download = file.original_filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
