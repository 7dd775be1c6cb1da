/**
 * The reminder switches of Set-up (docs/product.md#reminders): any console role reads them, HR changes
 * them, on the reminders module's settings.
 */
import type { ReminderSwitch, SwitchReminderBody } from '@shared/api/console/setup.js';
import type { Db } from '@server/db/client.js';
import { readReminderSwitches, switchReminder } from '@server/modules/reminders/index.js';
import { requireHr, type ConsoleScope } from '@server/modules/console/shared/scope.js';

/** Every reminder kind and whether it is on. */
export const listReminderSwitches = (opts: { db: Db }): Promise<ReminderSwitch[]> => readReminderSwitches(opts.db);

/** Switches a kind on or off (HR). @throws AppError FORBIDDEN for a manager. */
export async function setReminderSwitch(opts: {
  db: Db;
  scope: ConsoleScope;
  change: SwitchReminderBody;
}): Promise<ReminderSwitch[]> {
  requireHr(opts.scope);
  return switchReminder({ db: opts.db, ...opts.change, actorId: opts.scope.actorId });
}
