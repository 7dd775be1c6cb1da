/**
 * The housekeeping module's public face: the clean-up and retention jobs, their schedule, and the
 * erasure of one kind of one person's data (docs/architecture.md#one-way-imports).
 */
export { scheduleCleanUp } from './schedule.js';
export { runCleanUp } from './service.js';
export { erasePersonalData, ERASURE_KINDS } from './erasure.js';
export { retentionDueDates, runRetention } from './retention.js';
export { eraseOnRequest, listErasuresOnRequest, planErasure, reapplyErasures } from './on-request.js';
