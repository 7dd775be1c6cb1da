/**
 * The password-link module's public face: the only file other modules, the app and the CLI import
 * (docs/architecture.md#one-way-imports).
 */
export { passwordLinkRoutes } from './routes.js';
export { newPasswordLink, savePasswordLinks, sendPasswordLink, usesPasswords } from './service.js';
