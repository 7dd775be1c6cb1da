/**
 * The admin (HR and venue-manager console) module's public face: the only file other modules, the app
 * and the CLI import (docs/architecture.md#one-way-imports).
 */
export { adminRoutes } from './routes.js';
export { setConsoleRole } from './roles.js';
