/**
 * The auth module's public face: the only file other modules, the app and the CLI import
 * (docs/architecture.md#one-way-imports).
 */
export { RelyingParty } from './relying-party.js';
export { authRoutes } from './routes.js';
export { signOutRedirectPlugin } from './sign-out.js';
