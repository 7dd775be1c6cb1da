/**
 * The my-details module's public face: the only file other modules, the app and the CLI import
 * (docs/architecture.md#one-way-imports).
 */
export { myDetailsRoutes } from './routes.js';
export { resetSelfie } from './service.js';
