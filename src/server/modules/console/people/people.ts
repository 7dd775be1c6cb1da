/**
 * The console's people (docs/product.md#people): the paged list, a person's page, and the actions on a
 * person. Every query is filtered by the console scope (shared/scope.ts), so another venue's person is 404.
 */
import { and, asc, count, desc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Person, PersonRow, PeopleAnswer, PeopleQuery } from '@shared/api/console/people.js';
import { peopleQuerySchema } from '@shared/api/console/people.js';
import {
  auditEvents,
  documents,
  onboardings,
  staff,
  surveys,
  surveySubmissions,
  vehicles,
  venueManagers,
  venues,
} from '@server/db/schema.js';
import type { Db } from '@server/db/client.js';
import { AppError } from '@server/errors.js';
import { audit } from '@server/lib/audit.js';
import { isLeaver, leaverSql } from '@server/lib/leavers.js';
import { displayPhone } from '@server/lib/phone-numbers.js';
import { resetSelfie } from '@server/modules/my-details/index.js';
import { maskAccountNumber, maskSortCode } from '@server/modules/staff/index.js';
import type { Services } from '@server/services.js';
import { consoleDocumentPdfPath } from '@server/modules/console/shared/documents.js';
import { onboardingStage } from '@server/modules/console/shared/onboarding-stage.js';
import { personContaining } from '@server/modules/console/shared/person-search.js';
import { keptPeopleCount } from '@server/modules/console/shared/row-counts.js';
import { PERSON_NOT_FOUND, withinScope, type ConsoleScope } from '@server/modules/console/shared/scope.js';
import { decodePeopleCursor, encodePeopleCursor, type CursorSecrets, type PeopleCursor } from './cursor.js';

/** History lines shown on a person's page, newest first. */
const HISTORY_LIMIT = 50;

const rowColumns = {
  id: staff.id,
  forename: staff.forename,
  surname: staff.surname,
  knownAs: staff.knownAs,
  email: staff.emailAddress,
  venue: venues.name,
  position: staff.position,
  startDate: staff.startDate,
  onboardComplete: staff.onboardComplete,
  trainingComplete: staff.initialTrainingComplete,
  selfieFileId: staff.selfieFileId,
  role: staff.role,
  step: onboardings.step,
  linkExpiresAt: onboardings.expiresAt,
  leavingDate: staff.leavingDate,
  leavingReason: staff.leavingReason,
  accessEndsAt: staff.accessEndsAt,
};
type RowColumns = { [K in keyof typeof rowColumns]: (typeof rowColumns)[K]['_']['data'] | null };

function toPersonRow(row: RowColumns): PersonRow {
  return {
    id: row.id!,
    name: `${row.forename} ${row.surname}`,
    email_address: row.email!,
    venue: row.venue,
    position: row.position,
    start_date: row.startDate,
    onboarding: onboardingStage(row),
    initial_training_complete: Boolean(row.trainingComplete),
    has_selfie: Boolean(row.selfieFileId),
    role: row.role,
    leaving_date: row.leavingDate,
    leaving_reason: row.leavingReason,
    access_ends_at: row.accessEndsAt?.toISOString() ?? null,
    left: isLeaver(row.accessEndsAt),
  };
}

const peopleFrom = (db: Db) =>
  db
    .select(rowColumns)
    .from(staff)
    .leftJoin(venues, eq(venues.id, staff.venueId))
    .leftJoin(onboardings, eq(onboardings.staffId, staff.id));

/**
 * Each sort's two columns; the person's id breaks ties, in the same direction, so that every sort is
 * one row order its index (or, by venue, the join) can be read along in either direction, and a page's
 * last row is a position to read on from. Only the first column can be null (no position, no start
 * date, no venue): PostgreSQL puts nulls last ascending and first descending.
 */
const SORT_COLUMNS = {
  name: [staff.surname, staff.forename],
  venue: [venues.name, staff.surname],
  position: [staff.position, staff.surname],
  start_date: [staff.startDate, staff.surname],
} as const;
const NULLABLE_FIRST: Record<keyof typeof SORT_COLUMNS, boolean> = {
  name: false,
  venue: true,
  position: true,
  start_date: true,
};

/** A row's values of the sort's two columns, as a cursor carries them. */
const SORT_KEYS: Record<keyof typeof SORT_COLUMNS, (row: RowColumns) => [string | null, string]> = {
  name: (row) => [row.surname!, row.forename!],
  venue: (row) => [row.venue, row.surname!],
  position: (row) => [row.position, row.surname!],
  start_date: (row) => [row.startDate, row.surname!],
};

/** The people list's filter by leaving (docs/product.md#leavers), at the instant `now`. */
const LEAVING_STATUS = {
  current: () => isNull(staff.accessEndsAt),
  leaving: (now: Date) => gt(staff.accessEndsAt, now),
  left: (now: Date) => leaverSql(now),
} satisfies Record<NonNullable<PeopleQuery['status']>, (now: Date) => SQL>;

/**
 * Added to the leaving filter read in name order: `is_leaving`, a superset of who is leaving, so the answer is
 * the same, but read from the flagged people's partial index, which holds name order, a page stopping at
 * its 26 rather than sorting every leaving person (docs/decisions/0072-leaving-flag-for-the-console.md).
 * Written as the index's own predicate, not `= $1`: a parameter would not prove the index applies. The
 * other sorts and a trigram search leave it out: the planner takes the flag and the access end for
 * independent, expects a couple of dozen flagged rows and visits all 1,592 of them rather than walking
 * the sort's index (1.9 against 0.3 ms by start date at 100,000 people) or reading the search's matches.
 */
const FLAGGED_LEAVING = sql`${staff.isLeaving}`;

/**
 * A sort column as a searched list orders it: the same order, through an expression no index serves
 * (a date plus no days, a text with nothing appended). Given the sort's index, PostgreSQL reads it in
 * order and tests each row against the search, expecting matches spread evenly; a fragment's matches
 * sit together (`member77` in surname order), so it read most of the people to fill a page. Without
 * it, the trigram indexes find the matches, then they are sorted (docs/decisions/0050-console-at-scale.md).
 * A search under 3 characters has no trigram to look up and keeps the walk.
 */
const searchedOrder = (column: AnyPgColumn) => (column === staff.startDate ? sql`${column} + 0` : sql`${column} || ''`);
const TRIGRAM = 3;

/**
 * Where a cursor's page reads from, for one sort and direction: `from`, a row comparison with the
 * cursor's values that the sort's index starts its read at, and `then`, the nulls of the sort's first
 * column, read after `from` runs out when they come after the cursor's position (ascending from a value,
 * or descending from a null: PostgreSQL sorts nulls last ascending). A row comparison with a null is
 * never true, so the nulls are their own read. `shape` gives the columns as the page's sort orders them.
 */
function readingAfter(opts: {
  cursor: PeopleCursor;
  columns: readonly [AnyPgColumn, AnyPgColumn];
  nullable: boolean;
  shape: (column: AnyPgColumn) => AnyPgColumn | SQL;
}): { from: SQL; then?: SQL } {
  const { cursor, nullable } = opts;
  const [first, second] = opts.columns.map(opts.shape) as [AnyPgColumn | SQL, AnyPgColumn | SQL];
  const [firstKey, secondKey] = cursor.keys;
  const ascending = cursor.direction === 'asc';
  const op = ascending ? sql.raw('>') : sql.raw('<');
  const bothAfter = sql`(${first}, ${second}, ${staff.id}) ${op} (${firstKey}, ${secondKey}, ${cursor.id})`;
  if (!nullable) return { from: bothAfter };
  const firstIsNull = sql`${first} is null`;
  if (firstKey !== null) return ascending ? { from: bothAfter, then: firstIsNull } : { from: bothAfter };
  const amongNulls = and(firstIsNull, sql`(${second}, ${staff.id}) ${op} (${secondKey}, ${cursor.id})`)!;
  return ascending ? { from: amongNulls } : { from: amongNulls, then: sql`${first} is not null` };
}

/**
 * By venue, the ids of a cursor's page, `limit` at most, of the people `where` allows, unsearched. The
 * venue's name is the venues table's, so no one index holds the sort: the rest of the cursor's venue
 * is read from staff_venue_id_surname_id_idx, then the venues after it in name order, each venue's
 * people from the same index and at most what the page still needs from each (a lateral join over
 * the few venues), then, ascending, the people without a venue (last ascending, first descending).
 */
async function venuePageIds(opts: {
  db: Db;
  where: SQL | undefined;
  cursor: PeopleCursor;
  limit: number;
}): Promise<{ id: string }[]> {
  const { db, where, cursor, limit } = opts;
  const ascending = cursor.direction === 'asc';
  const order = ascending ? asc : desc;
  const op = ascending ? sql.raw('>') : sql.raw('<');
  const [venueName, surname] = cursor.keys;
  const ids: { id: string }[] = [];
  const more = () => limit - ids.length;
  const atVenue = (venue: SQL, from?: SQL) =>
    db
      .select({ id: staff.id })
      .from(staff)
      .where(and(where, venue, from))
      .orderBy(order(staff.surname), order(staff.id))
      .limit(more());
  const restOfVenue = sql`(${staff.surname}, ${staff.id}) ${op} (${surname}, ${cursor.id})`;
  const venuesAfter = (condition?: SQL) => {
    const people = db
      .select({ id: staff.id, surname: staff.surname })
      .from(staff)
      .where(and(where, eq(staff.venueId, venues.id)))
      .orderBy(order(staff.surname), order(staff.id))
      .limit(more())
      .as('people');
    return db
      .select({ id: people.id })
      .from(venues)
      .crossJoinLateral(people)
      .where(condition)
      .orderBy(order(venues.name), order(people.surname), order(people.id))
      .limit(more());
  };
  if (venueName !== null) {
    ids.push(
      ...(await atVenue(
        sql`${staff.venueId} = (select ${venues.id} from ${venues} where ${venues.name} = ${venueName})`,
        restOfVenue,
      )),
    );
    if (more() > 0) ids.push(...(await venuesAfter(sql`${venues.name} ${op} ${venueName}`)));
    if (more() > 0 && ascending) ids.push(...(await atVenue(isNull(staff.venueId))));
  } else {
    ids.push(...(await atVenue(isNull(staff.venueId), restOfVenue)));
    if (more() > 0 && !ascending) ids.push(...(await venuesAfter()));
  }
  return ids;
}

/**
 * One page of the people the scope may see, searched over name, preferred name and email, sorted, with
 * the total for paging and the cursor of the page after it. Each sort is read from its index and each
 * search from the trigram indexes; the total of an unsearched list is the kept count
 * (shared/row-counts.ts), of a narrowed one a count of what matched (docs/decisions/0050-console-at-scale.md).
 * With `after`, the page is read on from the cursor's position instead of skipping an offset, so a deep
 * page costs what the first does (docs/decisions/0065-people-keyset-paging.md). `secrets` sign and
 * check the cursors. @throws AppError BAD_REQUEST for a query outside the contract or a cursor not
 * ours or not for this sort and direction.
 */
export async function listPeople(opts: {
  db: Db;
  scope: ConsoleScope;
  query: PeopleQuery;
  secrets: CursorSecrets;
}): Promise<PeopleAnswer> {
  const query = peopleQuerySchema.parse(opts.query);
  const cursor = query.after ? decodePeopleCursor(opts.secrets, query.after, query) : undefined;
  // Every condition that narrows the list beyond the venue goes here: it makes the total a count.
  const conditions: SQL[] = [];
  if (query.search) conditions.push(personContaining(query.search));
  const now = new Date();
  if (query.status) conditions.push(LEAVING_STATUS[query.status](now));
  // Only where the page is read in the index's order: by name, unless a search orders by expressions.
  if (query.status === 'leaving' && query.sort === 'name' && (query.search?.length ?? 0) < TRIGRAM)
    conditions.push(FLAGGED_LEAVING);
  const narrowed = conditions.length > 0;
  const atVenue = query.venue_id ? eq(staff.venueId, query.venue_id) : undefined;
  if (atVenue) conditions.push(atVenue);
  const where = withinScope(opts.scope, and(...conditions));
  const counted = (condition: SQL | undefined) =>
    opts.db
      .select({ n: count() })
      .from(staff)
      .where(condition)
      .then(([row]) => row?.n ?? 0);
  const order = query.direction === 'desc' ? desc : asc;
  const searched = (query.search?.length ?? 0) >= TRIGRAM;
  const columns = SORT_COLUMNS[query.sort];
  const orderBy = (shape: (column: AnyPgColumn) => AnyPgColumn | SQL) => [
    ...columns.map((column) => order(shape(column))),
    order(staff.id),
  ];
  const pageShape = (column: AnyPgColumn) => (searched ? searchedOrder(column) : column);
  // One more than the page: whether there is a next page, without counting.
  const wanted = query.per_page + 1;
  // A searched page read by offset has every match in hand before its sort and limit, so a window counts
  // them in the same statement: a second statement searching again for the total read the trigram
  // indexes twice (docs/decisions/0070-console-searches-read-once.md). Elsewhere the page stops
  // early along a sort index, which a window over every match would prevent.
  const countedAlong = searched && !cursor;
  // The page's people first, from staff alone (and the venue's name, when sorted by it), then their
  // venue and onboarding for those 25: joined before the sort, a search matching a thousand people
  // read every onboarding to join them (docs/decisions/0053-console-searches-and-pool.md).
  const pageIds = (from: SQL | undefined, limit: number, offset: number) => {
    const matches = countedAlong ? sql<string>`count(*) over ()` : sql<string | null>`null`;
    const ids = opts.db
      .select({ id: staff.id, matches: matches.as('matches') })
      .from(staff)
      .$dynamic();
    if (query.sort === 'venue') ids.leftJoin(venues, eq(venues.id, staff.venueId));
    return ids
      .where(and(where, from))
      .orderBy(...orderBy(pageShape))
      .limit(limit)
      .offset(offset);
  };
  // The outer sort orders the page's rows only: through expressions no index serves, so the planner
  // starts from the page, not from a sort index.
  const outerOrder = orderBy(searchedOrder);
  const readRows = async () => {
    if (!cursor) {
      const page = pageIds(undefined, wanted, (query.page - 1) * query.per_page).as('page');
      return opts.db
        .select({ ...rowColumns, matches: page.matches })
        .from(staff)
        .leftJoin(venues, eq(venues.id, staff.venueId))
        .leftJoin(onboardings, eq(onboardings.staffId, staff.id))
        .innerJoin(page, eq(page.id, staff.id))
        .orderBy(...outerOrder);
    }
    let ids: { id: string }[];
    if (query.sort === 'venue' && !searched) ids = await venuePageIds({ db: opts.db, where, cursor, limit: wanted });
    else {
      const reading = readingAfter({ cursor, columns, nullable: NULLABLE_FIRST[query.sort], shape: pageShape });
      ids = await pageIds(reading.from, wanted, 0);
      if (reading.then && ids.length < wanted) ids.push(...(await pageIds(reading.then, wanted - ids.length, 0)));
    }
    if (ids.length === 0) return [];
    return peopleFrom(opts.db)
      .where(
        inArray(
          staff.id,
          ids.map((row) => row.id),
        ),
      )
      .orderBy(...outerOrder);
  };
  // Counted without the flag, which adds nothing to a count, from staff_access_ends_at_idx: its 8-byte
  // entries take a third of the pages the flagged people's names do (6 against 16 buffers for 1,592).
  const leavingTotal = () => counted(withinScope(opts.scope, and(LEAVING_STATUS.leaving(now), atVenue)));
  // The current people's number is kept like the whole list's (shared/row-counts.ts): counted, it read
  // every current person's index entry, a fifth of everyone who ever worked for the group.
  const keptCurrent = () => keptPeopleCount(opts.db, opts.scope, query.venue_id, 'current');
  const unsearched = !query.search;
  const [rows, totalApart] = await Promise.all([
    readRows(),
    countedAlong
      ? undefined
      : !narrowed
        ? keptPeopleCount(opts.db, opts.scope, query.venue_id)
        : query.status === 'current' && unsearched
          ? keptCurrent()
          : query.status === 'left' && unsearched
            ? // Leavers are kept for years, so most people have left: the kept total less the current
              // and the leaving people is the same number, where counting them read most of the table.
              Promise.all([keptPeopleCount(opts.db, opts.scope, query.venue_id), keptCurrent(), leavingTotal()]).then(
                ([all, current, leaving]) => all - current - leaving,
              )
            : query.status === 'leaving' && unsearched
              ? leavingTotal()
              : counted(where),
  ]);
  const first = rows[0];
  // Past the last page no row carries the count; an empty first page has none to count.
  const total =
    totalApart ?? (first && 'matches' in first ? Number(first.matches) : query.page === 1 ? 0 : await counted(where));
  const shown = rows.slice(0, query.per_page);
  const last = shown.at(-1);
  const next =
    rows.length > query.per_page && last
      ? encodePeopleCursor(opts.secrets, {
          sort: query.sort,
          direction: query.direction,
          keys: SORT_KEYS[query.sort](last),
          id: last.id!,
        })
      : null;
  return {
    data: shown.map(toPersonRow),
    meta: { page: query.page, per_page: query.per_page, total, next },
  };
}

/** @throws AppError NOT_FOUND when `id` is not a person the scope may see (or not an id at all). */
async function personRow(db: Db, scope: ConsoleScope, id: string): Promise<RowColumns> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
    throw new AppError('NOT_FOUND', PERSON_NOT_FOUND);
  const [row] = await peopleFrom(db)
    .where(withinScope(scope, eq(staff.id, id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', PERSON_NOT_FOUND);
  return row;
}

function insuranceState(row: typeof vehicles.$inferSelect): string {
  if (!row.insuranceFileId) return 'none';
  if (row.insuranceApprovedBy) return 'approved';
  if (row.insuranceApprovalError) return 'rejected';
  return 'pending';
}

/** A person's page: details (bank details masked), documents, vehicles and history. @throws AppError NOT_FOUND outside the scope. */
export async function getPerson(opts: { db: Db; scope: ConsoleScope; id: string }): Promise<Person> {
  const { db } = opts;
  const row = await personRow(db, opts.scope, opts.id);
  const [[details], docs, cars, history, managed, answered] = await Promise.all([
    db.select().from(staff).where(eq(staff.id, row.id!)).limit(1),
    db.select().from(documents).where(eq(documents.staffId, row.id!)).orderBy(desc(documents.createdAt)),
    db.select().from(vehicles).where(eq(vehicles.staffId, row.id!)).orderBy(asc(vehicles.registration)),
    db
      .select({ at: auditEvents.at, action: auditEvents.action, actor: auditEvents.actor })
      .from(auditEvents)
      .where(eq(auditEvents.staffId, row.id!))
      .orderBy(desc(auditEvents.at))
      .limit(HISTORY_LIMIT),
    db
      .select({ name: venues.name })
      .from(venueManagers)
      .innerJoin(venues, eq(venues.id, venueManagers.venueId))
      .where(eq(venueManagers.staffId, row.id!)),
    db
      .select({ surveyId: surveySubmissions.surveyId, name: surveys.name, at: surveySubmissions.submittedAt })
      .from(surveySubmissions)
      .innerJoin(surveys, eq(surveys.id, surveySubmissions.surveyId))
      .where(eq(surveySubmissions.staffId, row.id!))
      .orderBy(desc(surveySubmissions.submittedAt))
      .limit(HISTORY_LIMIT),
  ]);
  // Name the console users and members behind `staff:<id>` actors, so the history reads as people.
  const actorIds = [
    ...new Set(
      history.map((line) => /^staff:([0-9a-f-]{36})$/.exec(line.actor)?.[1]).filter((id): id is string => Boolean(id)),
    ),
  ];
  const actors = actorIds.length
    ? new Map(
        (
          await db
            .select({ id: staff.id, forename: staff.forename, surname: staff.surname })
            .from(staff)
            .where(inArray(staff.id, actorIds))
        ).map((a) => [`staff:${a.id}`, `${a.forename} ${a.surname}`]),
      )
    : new Map<string, string>();
  const now = new Date();
  const address = [
    details!.addressLine1,
    details!.addressLine2,
    details!.addressLine3,
    details!.addressCounty,
    details!.addressPostalCode,
  ]
    .filter(Boolean)
    .join(', ');
  return {
    ...toPersonRow(row),
    known_as: details!.knownAs,
    // Shown as staff see it on their own screens (lib/phone-numbers.ts), not as stored.
    mobile: await displayPhone(details!.mobile),
    date_of_birth: details!.dateOfBirth,
    address: address || null,
    bank_account: maskAccountNumber(details!.bankAccountLast4),
    sort_code: maskSortCode(details!.sortCodeLast2),
    venues_managed: managed.map((venue) => venue.name).sort(),
    documents: docs.map((doc) => ({
      id: doc.id,
      kind: doc.kind,
      title: doc.title,
      status: doc.signedAt ? 'signed' : doc.expiresAt && doc.expiresAt <= now ? 'expired' : 'unsigned',
      issued_at: doc.createdAt.toISOString(),
      signed_at: doc.signedAt?.toISOString() ?? null,
      signed_pdf: doc.signedFileId ? consoleDocumentPdfPath(doc.id) : null,
    })),
    vehicles: cars.map((car) => ({
      id: car.id,
      registration: car.registration,
      insurance: insuranceState(car),
      cover_ends: car.insuranceCoverEnds,
      mot_expiry: car.motExpiryDate,
    })),
    surveys: answered.map((one) => ({ survey_id: one.surveyId, name: one.name, submitted_at: one.at.toISOString() })),
    history: history.map((line) => ({
      at: line.at.toISOString(),
      action: line.action,
      actor: line.actor,
      actor_name: actors.get(line.actor) ?? null,
    })),
  };
}

/** Marks a person's initial training complete (docs/product.md#people), audited. @throws AppError NOT_FOUND outside the scope. */
export async function markTrainingComplete(opts: {
  db: Db;
  scope: ConsoleScope;
  id: string;
  ip: string;
}): Promise<Person> {
  const row = await personRow(opts.db, opts.scope, opts.id);
  if (!row.trainingComplete) {
    await opts.db.transaction(async (tx) => {
      await tx.update(staff).set({ initialTrainingComplete: true, updatedAt: new Date() }).where(eq(staff.id, row.id!));
      await audit(tx, {
        staffId: row.id!,
        actor: `staff:${opts.scope.actorId}`,
        action: 'staff.training_completed',
        ip: opts.ip,
        details: {},
      });
    });
  }
  return getPerson(opts);
}

/**
 * Removes a person's picture so they can take a new one (docs/product.md#people: "your line manager must
 * remove it"), audited. @throws AppError NOT_FOUND outside the scope or when there is no picture.
 */
export async function resetPersonSelfie(opts: {
  services: Services;
  scope: ConsoleScope;
  id: string;
}): Promise<Person> {
  const { services, scope } = opts;
  const row = await personRow(services.db, scope, opts.id);
  const had = await resetSelfie({ services, staffId: row.id!, actor: `staff:${scope.actorId}` });
  if (!had) throw new AppError('NOT_FOUND', 'That person has no picture to remove.');
  return getPerson({ db: services.db, scope, id: row.id! });
}
