/**
 * The two-factor module's public face: the only file other modules, the app and the CLI import
 * (docs/architecture.md#one-way-imports).
 */
export { twoFactorRoutes } from './routes.js';
export { addAuthenticator } from './service.js';
