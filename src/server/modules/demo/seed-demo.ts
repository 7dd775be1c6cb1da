/**
 * Demo data for the embedded default (`seed-demo`, and the first start on an empty data folder):
 * venues of both brands and staff members that between them show every dashboard variant.
 * Idempotent: venues and staff are matched by name and email and brought back to the demo state.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import dayjs from 'dayjs';
import { todayInUk } from '@server/lib/uk-days.js';
import { and, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { BRANDS } from '@shared/brands.js';
import type { Db } from '@server/db/client.js';
import { documents, onboardings, positions, staff, venues } from '@server/db/schema.js';
import { isAppError } from '@server/errors.js';
import { audit } from '@server/lib/audit.js';
import { TEMPLATES_DIR } from '@server/lib/templates-dir.js';
import type { Services } from '@server/services.js';
import { issueDocument, newLinkToken } from '@server/modules/documents/index.js';
import { importFieldset, parseFieldset, inviteJoiner } from '@server/modules/onboarding/index.js';
import { importSurvey, parseSurvey } from '@server/modules/surveys/index.js';
import { ATMOSPHERE_AUDIT_SURVEY_ID } from '@shared/constants.js';
import { createStaffMember, type CreateStaffInput } from '@server/modules/staff/index.js';

/** The demo onboarding fieldset, also the example HR starts from. */
export const DEMO_FIELDSET_FILE = path.join(TEMPLATES_DIR, 'fieldsets', 'uk-hospitality-joiner.yaml');
/** The demo agreement issued to the new starter. */
export const DEMO_AGREEMENT_FILE = path.join(TEMPLATES_DIR, 'agreements', 'tips-and-tronc-policy.html');
/** The demo surveys. */
export const DEMO_AUDIT_SURVEY_FILE = path.join(TEMPLATES_DIR, 'surveys', 'atmosphere-audit.yaml');
export const DEMO_QOL_SURVEY_FILE = path.join(TEMPLATES_DIR, 'surveys', 'quality-of-life.yaml');
/** The demo's new starter, who has an agreement to sign. */
const DEMO_STARTER = 'jamie.patel@example.com';
/** The demo joiner, invited with an onboarding link. */
export const DEMO_JOINER = {
  forename: 'Alex',
  surname: 'Morgan',
  email: 'alex.morgan@example.com',
  venue: 'The Lantern, Leeds',
  position: 'Bartender',
};

/** Known password of every demo sign-in (8+ characters with a digit, docs/product.md#onboarding). */
export const DEMO_PASSWORD = 'Staffroom2026';

export const DEMO_VENUES: { name: string; brand: string }[] = [
  { name: 'The Lantern, Leeds', brand: BRANDS[0].id },
  { name: 'The Lantern, York', brand: BRANDS[0].id },
  { name: 'The Lantern, Harrogate', brand: BRANDS[0].id },
  { name: 'Salt & Ember, Manchester', brand: BRANDS[1].id },
  { name: 'Salt & Ember, Liverpool', brand: BRANDS[1].id },
  { name: 'Salt & Ember, Chester', brand: BRANDS[1].id },
];

/** The positions the console offers in the demo (docs/product.md#set-up): the demo's own and the usual others. */
export const DEMO_POSITIONS = [
  'Bartender',
  'Bar Supervisor',
  'Chef de Partie',
  'Food Runner',
  'General Manager',
  'Host',
  'Kitchen Porter',
  'Restaurant Manager',
  'Sous Chef',
  'Waiter',
];

interface DemoMember extends Omit<CreateStaffInput, 'venueId'> {
  /** The demo venue they work at, by name (DEMO_VENUES). */
  venue: string;
  /** What this member shows on the dashboard, printed beside the sign-in. */
  shows: string;
}

function demoStaff(today = dayjs(todayInUk())): DemoMember[] {
  return [
    {
      forename: 'Sam',
      surname: 'Taylor',
      email: 'sam.taylor@example.com',
      mobile: '07700 900123',
      venue: 'The Lantern, Leeds',
      position: 'Bar Supervisor',
      dateOfBirth: '1994-03-12',
      startDate: '2021-05-04',
      showAudit: true,
      qolLink: 'https://forms.example.com/quality-of-life',
      initialTrainingComplete: true,
      onboardComplete: true,
      shows: 'atmosphere audit + quality of life cards',
    },
    {
      forename: 'Jamie',
      surname: 'Patel',
      email: 'jamie.patel@example.com',
      mobile: '07700 900456',
      venue: 'Salt & Ember, Manchester',
      position: 'Kitchen Porter',
      dateOfBirth: '2001-11-30',
      startDate: today.subtract(3, 'day').format('YYYY-MM-DD'),
      initialTrainingComplete: false,
      onboardComplete: false,
      shows: 'new starter: training chip and welcome text',
    },
    {
      forename: 'Riley',
      surname: 'Evans',
      email: 'riley.evans@example.com',
      venue: 'The Lantern, York',
      position: 'Food Runner',
      dateOfBirth: today.subtract(17, 'year').subtract(3, 'month').format('YYYY-MM-DD'),
      startDate: '2026-06-01',
      initialTrainingComplete: true,
      onboardComplete: true,
      shows: 'under 18',
    },
    {
      forename: 'Morgan',
      surname: 'Hughes',
      email: 'morgan.hughes@example.com',
      venue: 'Salt & Ember, Chester',
      position: 'Restaurant Manager',
      dateOfBirth: '1988-07-21',
      startDate: '2019-09-16',
      qolLink: 'https://forms.example.com/quality-of-life',
      initialTrainingComplete: true,
      onboardComplete: true,
      shows: 'quality of life survey, no audit',
    },
  ];
}

export interface DemoSeed {
  members: { email: string; password: string; shows: string }[];
  /** The demo joiner's onboarding link; absent when they have already finished onboarding. */
  onboardingLink?: string;
  /** The new starter's agreement link; absent when their agreement is signed. */
  agreementLink?: string;
}

/**
 * Seeds (or restores) the demo group: venues, staff, the onboarding fieldset, a joiner with an
 * onboarding link and an agreement for the new starter. Run again, it gives both new links (the
 * old ones stop working): only hashes are kept, so a link cannot be printed twice.
 */
export async function seedDemo(opts: { services: Services; actor: string }): Promise<DemoSeed> {
  const { services } = opts;
  const { db } = services;
  await db.insert(venues).values(DEMO_VENUES).onConflictDoNothing({ target: venues.name });
  const venueRows = await db
    .select({ id: venues.id, name: venues.name })
    .from(venues)
    .where(
      inArray(
        venues.name,
        DEMO_VENUES.map((v) => v.name),
      ),
    );
  const venueId = (name: string) => venueRows.find((v) => v.name === name)!.id;
  // An active position of the same name (any case) is the unique index's conflict: left as it is.
  await db
    .insert(positions)
    .values(DEMO_POSITIONS.map((name) => ({ name })))
    .onConflictDoNothing();
  const members = [];
  for (const { shows, venue, ...member } of demoStaff()) {
    await createStaffMember({
      db,
      input: { ...member, venueId: venueId(venue), password: DEMO_PASSWORD },
      actor: opts.actor,
      upsert: true,
    });
    members.push({ email: member.email, password: DEMO_PASSWORD, shows });
  }
  const fieldset = await parseFieldset(
    await fs.readFile(DEMO_FIELDSET_FILE, 'utf8'),
    path.basename(DEMO_FIELDSET_FILE),
  );
  await importFieldset({ db, fieldset, actor: opts.actor });

  // The atmosphere audit the dashboard links to (/survey/6), and a quality-of-life survey.
  for (const [file, id] of [
    [DEMO_AUDIT_SURVEY_FILE, ATMOSPHERE_AUDIT_SURVEY_ID],
    [DEMO_QOL_SURVEY_FILE, ATMOSPHERE_AUDIT_SURVEY_ID + 1],
  ] as const) {
    await importSurvey({
      services,
      survey: await parseSurvey(await fs.readFile(file, 'utf8'), path.basename(file)),
      id,
      actor: opts.actor,
    });
  }

  const seed: DemoSeed = { members };
  try {
    const { venue, ...joiner } = DEMO_JOINER;
    seed.onboardingLink = (
      await inviteJoiner({
        services,
        input: {
          ...joiner,
          venueId: venueId(venue),
          startDate: dayjs(todayInUk()).add(7, 'day').format('YYYY-MM-DD'),
          fieldset: fieldset.name,
        },
        actor: opts.actor,
      })
    ).link;
  } catch (err) {
    if (!(isAppError(err) && err.code === 'EMAIL_TAKEN')) throw err;
  }
  const [starterRow] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(eq(staff.emailAddress, DEMO_STARTER))
    .limit(1);
  const [issued] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(eq(documents.staffId, starterRow!.id))
    .limit(1);
  if (!issued) {
    const template = { filename: path.basename(DEMO_AGREEMENT_FILE), bytes: await fs.readFile(DEMO_AGREEMENT_FILE) };
    seed.agreementLink = (
      await issueDocument({
        services,
        kind: 'agreement',
        staffId: starterRow!.id,
        template,
        actor: opts.actor,
        link: true,
      })
    ).link;
  } else {
    seed.agreementLink = await renewAgreementLink(services, opts.actor);
  }
  return seed;
}

/** The demo's links as printed: each absent when there is nothing left to do with it. */
export type DemoLinks = Pick<DemoSeed, 'onboardingLink' | 'agreementLink'>;

/**
 * New links for the demo joiner's onboarding and the new starter's agreement, for a start of a
 * database that already holds the demo: the links printed before cannot be read back (only their
 * hashes are kept), and may have expired. Each replaces the one before, which stops working: a
 * document has one live link, as everywhere else. Nothing is mailed and what the joiner typed is
 * kept, unlike HR's reissue (reissueOnboardingLink): whoever reads the new link at the terminal held
 * the old one. A finished onboarding or a signed agreement gets no link.
 */
export async function renewDemoLinks(opts: { services: Services; actor: string }): Promise<DemoLinks> {
  const { services } = opts;
  const { db, config } = services;
  const links: DemoLinks = {};
  const [joiner] = await db
    .select({
      staffId: staff.id,
      passwordHash: staff.passwordHash,
      onboardingId: onboardings.id,
      step: onboardings.step,
    })
    .from(staff)
    .innerJoin(onboardings, eq(onboardings.staffId, staff.id))
    .where(eq(staff.emailAddress, DEMO_JOINER.email))
    .limit(1);
  if (joiner && joiner.step !== 'complete' && !joiner.passwordHash) {
    const token = newLinkToken(config.linkTokenDays);
    await db.transaction(async (tx) => {
      await tx
        .update(onboardings)
        .set({ tokenHash: token.tokenHash, expiresAt: token.expiresAt, updatedAt: new Date() })
        .where(eq(onboardings.id, joiner.onboardingId));
      await audit(tx, {
        staffId: joiner.staffId,
        actor: opts.actor,
        action: 'onboarding.link_reissued',
        details: { onboarding_id: joiner.onboardingId, demo: true },
      });
    });
    links.onboardingLink = `${config.publicUrl}/onboard/${token.token}`;
  }
  links.agreementLink = await renewAgreementLink(services, opts.actor);
  return links;
}

/** A new link for the new starter's newest unsigned agreement that has its own link; undefined when there is none. */
async function renewAgreementLink(services: Services, actor: string): Promise<string | undefined> {
  const { db, config } = services;
  const [agreement] = await db
    .select({ id: documents.id, staffId: documents.staffId })
    .from(documents)
    .innerJoin(staff, eq(staff.id, documents.staffId))
    .where(
      and(
        eq(staff.emailAddress, DEMO_STARTER),
        eq(documents.kind, 'agreement'),
        isNull(documents.signedAt),
        isNotNull(documents.tokenHash),
      ),
    )
    .orderBy(desc(documents.createdAt))
    .limit(1);
  if (!agreement) return undefined;
  const token = newLinkToken(config.linkTokenDays);
  await db.transaction(async (tx) => {
    await tx
      .update(documents)
      .set({ tokenHash: token.tokenHash, expiresAt: token.expiresAt })
      .where(eq(documents.id, agreement.id));
    await audit(tx, {
      staffId: agreement.staffId,
      actor,
      action: 'agreement.link_reissued',
      details: { document_id: agreement.id, demo: true },
    });
  });
  return `${config.publicUrl}/agreement/${token.token}`;
}

/** Lines describing the demo sign-ins present in the database (none when not seeded). */
export async function describeDemo(opts: { db: Db }): Promise<string[]> {
  const members = demoStaff();
  const present = await opts.db
    .select({ email: staff.emailAddress })
    .from(staff)
    .where(
      inArray(
        staff.emailAddress,
        members.map((m) => m.email),
      ),
    );
  if (!present.length) return [];
  const found = new Set(present.map((p) => p.email));
  return [
    `Demo sign-ins (password ${DEMO_PASSWORD}):`,
    ...members.filter((m) => found.has(m.email)).map((m) => `  ${m.email.padEnd(28)} ${m.shows}`),
  ];
}

/** Lines giving the demo's links (printed when made: they cannot be read back later). */
export function demoLinkLines(seed: DemoLinks): string[] {
  return [
    ...(seed.agreementLink ? [`Agreement for jamie.patel@example.com to sign: ${seed.agreementLink}`] : []),
    ...(seed.onboardingLink ? [`Onboarding link of the demo joiner ${DEMO_JOINER.email}: ${seed.onboardingLink}`] : []),
  ];
}
