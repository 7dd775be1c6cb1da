/**
 * The admin commands HR runs (`npm run admin -- <command>`). Each is parsed and validated in the CLI
 * process, then run against the same services the API uses: directly, or inside the running server
 * through the control channel when the server holds the PGlite folder (DESIGN.md HR side).
 */
import { z } from 'zod';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { seedDemo } from '../modules/demo/seed-demo.js';
import { createStaffMember } from '../modules/staff/service.js';

export interface CommandContext {
  db: Db;
  config: AppConfig;
  /** One line of output (stdout). */
  print(line: string): void;
}

export interface OptionSpec {
  flags: string;
  description: string;
}

export interface AdminCommand<S extends z.ZodType = z.ZodType> {
  name: string;
  description: string;
  options: OptionSpec[];
  /** Validates the parsed options; its messages are shown to the user as they are. */
  schema: S;
  run(ctx: CommandContext, options: z.output<S>): Promise<void>;
}

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD');
const yes = z.boolean().optional();

/** Says "is required" for a missing flag instead of zod's type message. */
const missingOr = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? 'is required' : message;

const createStaffSchema = z.object({
  forename: z.string({ error: missingOr('must be text') }).trim().min(1, 'is required'),
  surname: z.string({ error: missingOr('must be text') }).trim().min(1, 'is required'),
  email: z.email({ error: missingOr('must be an email address') }),
  password: z
    .string()
    .min(8, 'must be at least 8 characters')
    .regex(/\d/, 'must contain at least 1 digit')
    .optional(),
  knownAs: z.string().optional(),
  mobile: z.string().optional(),
  venue: z.string().optional(),
  position: z.string().optional(),
  dateOfBirth: isoDate.optional(),
  startDate: isoDate.optional(),
  showAudit: yes,
  qolLink: z.url('must be a URL').optional(),
  trainingComplete: yes,
  onboardComplete: yes,
});

export const COMMANDS: AdminCommand[] = [
  {
    name: 'seed-demo',
    description: 'Fill the database with the demo group (idempotent) and print the demo sign-ins',
    options: [],
    schema: z.object({}),
    async run(ctx) {
      const members = await seedDemo({ db: ctx.db, actor: 'admin-cli' });
      ctx.print('Demo data is in place. Sign in with:');
      for (const m of members) ctx.print(`  ${m.email.padEnd(28)} ${m.password}   (${m.shows})`);
    },
  } satisfies AdminCommand<z.ZodObject<Record<string, never>>>,
  {
    name: 'create-staff',
    description: 'Create a staff member who can sign in with the given email and password',
    options: [
      { flags: '--forename <name>', description: 'first name (required)' },
      { flags: '--surname <name>', description: 'last name (required)' },
      { flags: '--email <email>', description: 'email address, used to sign in (required)' },
      { flags: '--password <password>', description: 'password: 8+ characters with a digit' },
      { flags: '--known-as <name>', description: 'preferred name' },
      { flags: '--mobile <number>', description: 'mobile number' },
      { flags: '--venue <name>', description: 'venue name, as in seed-demo' },
      { flags: '--position <title>', description: 'job title' },
      { flags: '--date-of-birth <YYYY-MM-DD>', description: 'date of birth' },
      { flags: '--start-date <YYYY-MM-DD>', description: 'start date' },
      { flags: '--show-audit', description: 'show the atmosphere audit card' },
      { flags: '--qol-link <url>', description: 'quality-of-life survey link' },
      { flags: '--training-complete', description: 'initial training is complete' },
      { flags: '--onboard-complete', description: 'onboarding is complete' },
    ],
    schema: createStaffSchema,
    async run(ctx, o: z.output<typeof createStaffSchema>) {
      const { id } = await createStaffMember({
        db: ctx.db,
        actor: 'admin-cli',
        input: {
          forename: o.forename,
          surname: o.surname,
          email: o.email,
          password: o.password,
          knownAs: o.knownAs,
          mobile: o.mobile,
          venue: o.venue,
          position: o.position,
          dateOfBirth: o.dateOfBirth,
          startDate: o.startDate,
          showAudit: o.showAudit,
          qolLink: o.qolLink,
          initialTrainingComplete: o.trainingComplete,
          onboardComplete: o.onboardComplete,
        },
      });
      ctx.print(`Created staff member ${o.email.toLowerCase()} (${id})`);
    },
  },
];

export const findCommand = (name: string): AdminCommand | undefined => COMMANDS.find((c) => c.name === name);
