/**
 * The reminders module's public face (docs/architecture.md#one-way-imports): the sweep, its schedule,
 * and the Set-up switches.
 */
export { scheduleReminders } from './schedule.js';
export { digestWeek, runReminderSweep, smsNotBefore } from './service.js';
export { readReminderSwitches, switchReminder } from './settings.js';
