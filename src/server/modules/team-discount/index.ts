/**
 * The team-discount module's public face: the only file other modules, the app and the CLI import
 * (docs/architecture.md#one-way-imports).
 */
export { teamDiscountRoutes } from './routes.js';
export { createTillKey, getDiscountStatus, revokeTillKey } from './service.js';
