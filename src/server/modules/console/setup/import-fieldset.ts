/**
 * HR's fieldset import from the console (docs/product.md#set-up): a YAML or JSON file, validated exactly
 * as `fieldset import` does.
 */
import type { Db } from '@server/db/client.js';
import { importFieldset, parseFieldset } from '@server/modules/onboarding/index.js';
import { requireHr, type ConsoleScope } from '@server/modules/console/shared/scope.js';

/** HR imports a fieldset (a name imported again is replaced for joiners invited afterwards). */
export async function importConsoleFieldset(opts: { db: Db; scope: ConsoleScope; filename: string; content: string }) {
  requireHr(opts.scope);
  const fieldset = await parseFieldset(opts.content, opts.filename);
  const { id, created } = await importFieldset({ db: opts.db, fieldset, actor: `staff:${opts.scope.actorId}` });
  return { id, created };
}
