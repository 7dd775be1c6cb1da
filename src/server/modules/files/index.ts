/**
 * The files module's public face: the only file other modules, the app and the CLI import
 * (docs/architecture.md#one-way-imports).
 */
export { signedFileUrl, withUri } from './downloads.js';
export { fileRoutes } from './routes.js';
export {
  decodeDataUrl,
  chargeUploadQuota,
  deleteFiles,
  findOwnedFile,
  openFileStream,
  readFile,
  storeFile,
  toStoredFile,
  uploadFile,
  vetUpload,
} from './service.js';
