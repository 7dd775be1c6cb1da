/**
 * File bytes in S3-compatible object storage (`FILE_STORAGE=s3`: AWS S3, MinIO, Cloudflare R2 and the
 * like) through `@aws-sdk/client-s3`, so any number of instances share them
 * (docs/architecture.md#files). The SDK is loaded by the first file operation, not at start.
 * Keys are the server's own (`<bucket>/<uuid>`, see file-storage.ts), used as object keys as they are.
 */
import { Readable } from 'node:stream';
import type { FileStorage } from './file-storage.js';
import { lazy } from './on-demand.js';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For a service other than AWS (MinIO, R2, a test server); unset for AWS itself. */
  endpoint?: string;
  /** Bucket in the path rather than the host name: what most non-AWS services need. */
  forcePathStyle: boolean;
  /** Unset: the SDK's own chain (environment, shared files, the instance's role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** Object storage behind the FileStorage interface. `get` of a missing key throws, as the interface says. */
export function createS3FileStorage(opts: S3StorageOptions): FileStorage {
  const client = lazy(async () => {
    const s3 = await import('@aws-sdk/client-s3');
    const connection = new s3.S3Client({
      region: opts.region,
      endpoint: opts.endpoint,
      forcePathStyle: opts.forcePathStyle,
      credentials: opts.credentials,
    });
    return { s3, connection };
  });
  return {
    async put(key, bytes) {
      const { s3, connection } = await client();
      await connection.send(
        new s3.PutObjectCommand({ Bucket: opts.bucket, Key: key, Body: bytes, ContentLength: bytes.byteLength }),
      );
    },
    async get(key) {
      const { s3, connection } = await client();
      const object = await connection.send(new s3.GetObjectCommand({ Bucket: opts.bucket, Key: key }));
      if (!object.Body) throw new Error(`object ${key} has no body`);
      return Buffer.from(await object.Body.transformToByteArray());
    },
    // The response body itself: read from the connection as the reader asks, never held whole.
    async getStream(key) {
      const { s3, connection } = await client();
      const object = await connection.send(new s3.GetObjectCommand({ Bucket: opts.bucket, Key: key }));
      if (!object.Body) throw new Error(`object ${key} has no body`);
      return object.Body instanceof Readable ? object.Body : Readable.fromWeb(object.Body.transformToWebStream());
    },
    async delete(key) {
      const { s3, connection } = await client();
      await connection.send(new s3.DeleteObjectCommand({ Bucket: opts.bucket, Key: key }));
    },
    // HeadBucket: the service answers and these credentials may use the bucket, without touching an object.
    async probe(signal) {
      const { s3, connection } = await client();
      await connection.send(new s3.HeadBucketCommand({ Bucket: opts.bucket }), { abortSignal: signal });
    },
  };
}
