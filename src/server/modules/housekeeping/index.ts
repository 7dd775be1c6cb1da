/**
 * The housekeeping module's public face: the clean-up job and its schedule
 * (docs/architecture.md#one-way-imports).
 */
export { scheduleCleanUp } from './schedule.js';
export { ENDED_SESSION_GRACE_MS, FINISHED_DELIVERY_GRACE_MS, runCleanUp, UNATTACHED_UPLOAD_GRACE_MS, type CleanUpResult } from './service.js';
