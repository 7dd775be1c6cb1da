/**
 * Demo data for the embedded default (`seed-demo`, and the first start on an empty data folder):
 * venues of both brands and staff members that between them show every dashboard variant.
 * Idempotent: venues and staff are matched by name and email and brought back to the demo state.
 */
import dayjs from 'dayjs';
import { inArray } from 'drizzle-orm';
import { BRANDS } from '../../../shared/brands.js';
import type { Db } from '../../db/client.js';
import { staff, venues } from '../../db/schema.js';
import { createStaffMember, type CreateStaffInput } from '../staff/service.js';

/** Known password of every demo sign-in (8+ characters with a digit, spec §5). */
export const DEMO_PASSWORD = 'Staffroom2026';

export const DEMO_VENUES: { name: string; brand: string }[] = [
  { name: 'The Lantern, Leeds', brand: BRANDS[0].id },
  { name: 'The Lantern, York', brand: BRANDS[0].id },
  { name: 'The Lantern, Harrogate', brand: BRANDS[0].id },
  { name: 'Salt & Ember, Manchester', brand: BRANDS[1].id },
  { name: 'Salt & Ember, Liverpool', brand: BRANDS[1].id },
  { name: 'Salt & Ember, Chester', brand: BRANDS[1].id },
];

interface DemoMember extends CreateStaffInput {
  /** What this member shows on the dashboard, printed beside the sign-in. */
  shows: string;
}

function demoStaff(today = dayjs()): DemoMember[] {
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

/** Seeds (or restores) the demo group. Answers the sign-ins it set. */
export async function seedDemo(opts: { db: Db; actor: string }): Promise<{ email: string; password: string; shows: string }[]> {
  const { db } = opts;
  await db.insert(venues).values(DEMO_VENUES).onConflictDoNothing({ target: venues.name });
  const out = [];
  for (const { shows, ...member } of demoStaff()) {
    await createStaffMember({ db, input: { ...member, password: DEMO_PASSWORD }, actor: opts.actor, upsert: true });
    out.push({ email: member.email, password: DEMO_PASSWORD, shows });
  }
  return out;
}

/** Lines describing the demo sign-ins present in the database (none when not seeded). */
export async function describeDemo(opts: { db: Db }): Promise<string[]> {
  const members = demoStaff();
  const present = await opts.db
    .select({ email: staff.emailAddress })
    .from(staff)
    .where(inArray(staff.emailAddress, members.map((m) => m.email)));
  if (!present.length) return [];
  const found = new Set(present.map((p) => p.email));
  return [
    `Demo sign-ins (password ${DEMO_PASSWORD}):`,
    ...members.filter((m) => found.has(m.email)).map((m) => `  ${m.email.padEnd(28)} ${m.shows}`),
  ];
}
