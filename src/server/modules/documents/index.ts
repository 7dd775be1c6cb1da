/**
 * The documents module's public face: the only file other modules, the app and the CLI import
 * (docs/architecture.md#one-way-imports).
 */
export { isExpired, linkMailFooter, linkNotValid, newLinkToken } from './links.js';
export { documentRoutes, verifyRoutes } from './routes.js';
export { myDocumentRoutes } from './my-documents-routes.js';
export {
  documentPdf,
  findDocument,
  issueDocument,
  noteLinkDelivery,
  prepareSeal,
  previewDocument,
  recordFirstOpen,
  signDocument,
  signingAuthorityCertificate,
} from './service.js';
export type { TemplateFile } from './service.js';
export { archiveTemplate, findTemplate, listTemplates, saveTemplate, templateFileOf } from './stored-templates.js';
export type { StoredTemplate, StoredTemplateRow } from './stored-templates.js';
export { gatherDocumentHistory, historyJson } from './history.js';
export type { DocumentRow } from './service.js';
