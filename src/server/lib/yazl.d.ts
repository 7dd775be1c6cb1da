/** The part of yazl 3 (which ships no types) that HR's zip of signed documents uses. */
declare module 'yazl' {
  import type { Readable } from 'node:stream';

  interface EntryOptions {
    mtime?: Date;
    mode?: number;
    /** Deflate the entry (default true); a PDF is compressed already. */
    compress?: boolean;
    compressionLevel?: number;
    size?: number;
  }

  export class ZipFile {
    /** The zip's bytes, as entries are added and read. */
    readonly outputStream: Readable;
    addBuffer(buffer: Buffer, metadataPath: string, options?: EntryOptions): void;
    /** `getReadStream` is called when the entry's turn comes, not before. */
    addReadStreamLazy(
      metadataPath: string,
      options: EntryOptions,
      getReadStream: (cb: (err: Error | null, stream?: Readable) => void) => void,
    ): void;
    end(options?: { comment?: string }): void;
  }
}
