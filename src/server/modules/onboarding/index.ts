/**
 * The onboarding module's public face: the only file other modules, the app and the CLI import
 * (docs/architecture.md#one-way-imports).
 */
export { importFieldset, parseFieldset } from './fieldsets.js';
export { readOnboardingLinkPage } from './link-page.js';
export { onboardingRoutes } from './routes.js';
export { inviteJoiner, reissueOnboardingLink } from './service.js';
export { openAnswers, sealPlainAnswers } from './sealed-answers.js';
