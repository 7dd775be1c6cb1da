/**
 * The audit history of a person's page in words (docs/product.md#console: who, what, whom and when).
 * The log stores actions as `area.what_happened` and actors as `staff:<id>`, `joiner:<id>`,
 * `admin-cli`, `system` or `anonymous`.
 */

import { inWords } from './in-words';

/** What happened: `staff.training_completed` → 'Training completed'; other areas are named, 'Vehicle: insurance approved'. */
export function actionText(action: string): string {
  const dot = action.indexOf('.');
  if (dot < 0) return inWords(action);
  const area = action.slice(0, dot);
  const what = inWords(action.slice(dot + 1));
  // A person's page is about staff: their own area goes without saying.
  if (area === 'staff') return what;
  return `${inWords(area)}: ${what[0]!.toLowerCase()}${what.slice(1)}`;
}

const NAMED_ACTORS: Record<string, string> = {
  'admin-cli': 'Admin command line',
  system: 'Staffroom',
  anonymous: 'Someone not signed in',
};

/**
 * Who did it: the person themselves by name, the console user or another staff member by a short
 * id (the log keeps ids, not names), or the CLI and the system by what they are.
 */
export function actorText(actor: string, person: { id: string; name: string }, actorName?: string | null): string {
  const named = NAMED_ACTORS[actor];
  if (named) return named;
  const [kind, id] = actor.split(':', 2);
  if (id === person.id) return kind === 'joiner' ? `${person.name} (onboarding)` : person.name;
  if (actorName) return actorName;
  if (kind === 'staff' && id) return `Staff member ${id.slice(0, 8)}`;
  return actor;
}
