/**
 * The vehicles module's public face: the only file other modules, the app and the CLI import
 * (docs/architecture.md#one-way-imports).
 */
export { vehicleRoutes } from './routes.js';
export { approveInsurance, listPendingInsurance, rejectInsurance } from './service.js';
