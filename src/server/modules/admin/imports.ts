/**
 * HR's imports from the console (docs/product.md#set-up, #console-surveys): onboarding fieldsets and
 * surveys from YAML or JSON files, validated exactly as `fieldset import` and `survey import` do, and
 * a person added who signs in through the group's provider, as `create-staff` does.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '@server/db/client.js';
import { venues } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { importFieldset, parseFieldset } from '@server/modules/onboarding/index.js';
import { createStaffMember } from '@server/modules/staff/index.js';
import { importSurvey, parseSurvey } from '@server/modules/surveys/index.js';
import type { Services } from '@server/services.js';
import { requireHr, type ConsoleScope } from './scope.js';

/** HR imports a fieldset (a name imported again is replaced for joiners invited afterwards). */
export async function importConsoleFieldset(opts: { db: Db; scope: ConsoleScope; filename: string; content: string }) {
  requireHr(opts.scope);
  const fieldset = await parseFieldset(opts.content, opts.filename);
  const { id, created } = await importFieldset({ db: opts.db, fieldset, actor: `staff:${opts.scope.actorId}` });
  return { id, created };
}

/**
 * HR imports a survey: new, or with an existing `id` its next version (docs/product.md#console-surveys).
 * @throws AppError FORBIDDEN for a manager; BAD_REQUEST with the validator's message (nothing stored).
 */
export async function importConsoleSurvey(opts: { services: Services; scope: ConsoleScope; filename: string; content: string; id?: number }) {
  requireHr(opts.scope);
  const survey = await parseSurvey(opts.content, opts.filename);
  const { id, version, replaced } = await importSurvey({ services: opts.services, survey, id: opts.id, actor: `staff:${opts.scope.actorId}` });
  return { id, created: !replaced, version };
}

/**
 * Adds a person to a venue in scope, without onboarding (they sign in through the group's provider).
 * @throws AppError BAD_REQUEST for a venue outside the scope or archived; CONFLICT for a taken email.
 */
export async function addConsolePerson(opts: {
  db: Db;
  scope: ConsoleScope;
  body: { forename: string; surname: string; email: string; venue_id: string; position?: string; start_date?: string };
}): Promise<string> {
  const { db, scope, body } = opts;
  const [venue] = await db.select({ id: venues.id, name: venues.name }).from(venues).where(eq(venues.id, body.venue_id)).limit(1);
  if (!venue || (scope.venueIds !== null && !scope.venueIds.includes(venue.id))) {
    throw new AppError('BAD_REQUEST', 'Choose one of your venues.', [{ field: 'venue_id', error: 'Choose one of your venues' }]);
  }
  const { id } = await createStaffMember({
    db,
    actor: `staff:${scope.actorId}`,
    input: { forename: body.forename, surname: body.surname, email: body.email, venue: venue.name, position: body.position || undefined, startDate: body.start_date, onboardComplete: true },
  });
  return id;
}
