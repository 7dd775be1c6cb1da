/**
 * The housekeeping module's public face: the clean-up job and its schedule
 * (docs/architecture.md#one-way-imports).
 */
export { scheduleCleanUp } from './schedule.js';
export { runCleanUp } from './service.js';
