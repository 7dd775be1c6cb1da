/** The part of yazl 3 (which ships no types) that the zips of signed documents and of subject access use. */
declare module 'yazl' {
  import type { EventEmitter } from 'node:events';
  import type { Readable } from 'node:stream';

  interface EntryOptions {
    mtime?: Date;
    mode?: number;
    /** Deflate the entry (default true); a PDF is compressed already. */
    compress?: boolean;
    compressionLevel?: number;
    size?: number;
  }

  /** Emits `error` when an entry's stream fails. */
  export class ZipFile extends EventEmitter {
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
