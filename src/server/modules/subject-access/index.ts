/**
 * The subject-access module's public face: the only file other modules, the app and the CLI import
 * (docs/architecture.md#one-way-imports).
 */
export { sendSubjectAccessZip, subjectAccessRateLimit, subjectAccessRoutes } from './routes.js';
