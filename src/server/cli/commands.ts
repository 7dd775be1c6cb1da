/**
 * The admin commands HR runs (`npm run admin -- <command>`). Each is parsed and validated in the CLI
 * process, then run against the same services the API uses: directly, or inside the running server
 * through the control channel when the server holds the PGlite folder (docs/architecture.md#admin-control-channel).
 */
import { z } from 'zod';
import type { AppConfig } from '@server/config.js';
import type { Database, Db } from '@server/db/client.js';
import type { DeliveryProblem } from '@server/lib/delivery-queue.js';
import { demoLinkLines, seedDemo } from '@server/modules/demo/index.js';
import { issueDocument } from '@server/modules/documents/index.js';
import { importFieldset, parseFieldset, inviteJoiner } from '@server/modules/onboarding/index.js';
import { resetSelfie } from '@server/modules/my-details/index.js';
import { createStaffMember } from '@server/modules/staff/index.js';
import { sendPasswordLink } from '@server/modules/password-link/index.js';
import { addAuthenticator } from '@server/modules/two-factor/index.js';
import {
  cancelLeaving,
  createVenue,
  importStaff,
  listVenues,
  recordLeaving,
  rehireLeaver,
  setConsoleRole,
} from '@server/modules/console/index.js';
import type { StaffImportReport } from '@shared/api/console/staff-import.js';
import { BRAND_IDS } from '@shared/brands.js';
import { exportSurveyResults, importSurvey, parseSurvey } from '@server/modules/surveys/index.js';
import { createTillKey, revokeTillKey } from '@server/modules/team-discount/index.js';
import { approveInsurance, listPendingInsurance, rejectInsurance } from '@server/modules/vehicles/index.js';
import type { Services } from '@server/services.js';
import { AppError, isAppError } from '@server/errors.js';
import { BACKUP_COMMANDS } from './backup-commands.js';
import { ERASURE_COMMANDS } from './erasure-commands.js';
import { KEY_COMMANDS } from './key-commands.js';
import { staffIdByEmail, venueIdByName, venueIdsByName } from './resolve.js';
import { checkPassword, PASSWORD_MIN_LENGTH } from '@shared/password-rules.js';
import { LEAVING_REASONS } from '@shared/leavers.js';
import { ukDateText } from '@server/lib/uk-days.js';

export interface CommandContext {
  services: Services;
  db: Db;
  config: AppConfig;
  /** One line of output (stdout). */
  print(line: string): void;
  /**
   * A long output (an export), passed on as it is read and only as fast as the reader takes it, so
   * it is never held whole: to the file or screen of the CLI, or through the control channel.
   */
  stream(source: AsyncIterable<string | Buffer>): Promise<void>;
  /** The open database itself, for what works on it whole (`backup`); absent in tests that run commands on services alone. */
  database?: Pick<Database, 'kind' | 'snapshot'>;
}

/** What a command that opens no database (`restore`) is given: the CLI's settings and its output. */
export interface AloneContext {
  config: AppConfig;
  print(line: string): void;
}

export interface OptionSpec {
  flags: string;
  description: string;
  /** The value names a file: the CLI reads it (where HR runs it) and passes its name and bytes on. */
  file?: true;
  /** The value names a file the CLI writes the command's output lines to (where HR runs it). */
  writesFile?: true;
  /** The value names a folder: the CLI makes it absolute from where it runs, for the server to use as it is. */
  folder?: true;
}

/** A positional argument (`fieldset import <file>`), passed to the schema under `name`. */
export interface ArgumentSpec {
  name: string;
  description: string;
  file?: true;
}

export interface AdminCommand<S extends z.ZodType = z.ZodType> {
  /** One word, or a noun and a verb separated by a space (`contract issue`). */
  name: string;
  description: string;
  args?: ArgumentSpec[];
  options: OptionSpec[];
  /** Validates the parsed options; its messages are shown to the user as they are. */
  schema: S;
  /** Runs the command over the services, in the CLI process or in the server holding the database. */
  run?(ctx: CommandContext, options: z.output<S>): Promise<void>;
  /**
   * Instead of `run`: runs in the CLI process itself and opens what it needs on its own, with no server
   * running and before any database is opened (`restore`, into an empty DATA_DIR).
   */
  runAlone?(ctx: AloneContext, options: z.output<S>): Promise<void>;
}

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD');
const yes = z.boolean().optional();

/** Says "is required" for a missing flag instead of zod's type message. */
const missingOr = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? 'is required' : message;

/** A file read by the CLI: its base name and base64 bytes (see read-files.ts). */
export const fileOption = z.object(
  { filename: z.string(), base64: z.string() },
  { error: missingOr('must be a file') },
);
/** The end of "the email could not be sent …": why, whether the queue keeps trying, and what HR can do. */
const mailProblem = (problem: DeliveryProblem) =>
  problem.willRetry
    ? `yet (${problem.reason}). Staffroom keeps trying; you can also give them this link yourself:`
    : `(${problem.reason}). Give them this link yourself:`;
const toTemplate = (f: z.output<typeof fileOption>) => ({
  filename: f.filename,
  bytes: Buffer.from(f.base64, 'base64'),
});

const AND = new Intl.ListFormat('en-GB', { type: 'conjunction' });
/** The flag that gives each detail a document template may need (TEMPLATE_DETAILS_MISSING's `detail.missing`). */
const DETAIL_FLAGS: Record<string, string> = { position: '--position', venue: '--venue', start_date: '--start-date' };

/**
 * Runs `work`, wording the services' refusals for the terminal: where HR can put a problem right with
 * a flag or another command, the refusal says which (docs/product.md#admin-messages).
 */
async function inCliWords<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!isAppError(err)) throw err;
    if (err.code === 'TEMPLATE_DETAILS_MISSING') {
      const missing = (err.detail?.missing as string[] | undefined) ?? [];
      const flags = missing.map((name) => DETAIL_FLAGS[name]).filter((flag): flag is string => Boolean(flag));
      if (flags.length) throw new AppError(err.code, `${err.message.replace(/\.$/, '')} (give ${AND.format(flags)}).`);
    }
    if (err.code === 'FIELDSET_NOT_FOUND') {
      throw new AppError(
        err.code,
        `${err.message} Import ${err.detail?.name ? 'it' : 'one'} first with: fieldset import FILE`,
      );
    }
    if (
      err.code === 'BAD_REQUEST' &&
      err.fields?.some((f) => f.field === 'leaving_date') &&
      /Leave now/.test(err.message)
    )
      throw new AppError(err.code, err.message.replace(/choose “Leave now”/, 'give --now'));
    if (err.code === 'DOCUMENT_REPLACED')
      throw new AppError(
        err.code,
        'The member has replaced that document since: run insurance list again and check the new one.',
      );
    throw err;
  }
}

/** Who a new person is: the flags create-staff and invite share. */
const personFlags = {
  forename: z
    .string({ error: missingOr('must be text') })
    .trim()
    .min(1, 'is required'),
  surname: z
    .string({ error: missingOr('must be text') })
    .trim()
    .min(1, 'is required'),
  email: z.email({ error: missingOr('must be an email address') }),
};

const createStaffSchema = z.object({
  ...personFlags,
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .refine((p) => checkPassword(p, p).digit, 'must contain at least 1 digit')
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
  passwordLink: yes,
});

/** A staff import's report as terminal lines: one per row, its reasons or changes, then the counts. */
function importLines(report: StaffImportReport): string[] {
  const lines = report.rows.map((row) => {
    const what =
      row.action === 'refused'
        ? `: ${row.reasons.join(' ')}`
        : row.action === 'update'
          ? ` (${row.changes.join(', ')})`
          : '';
    return `line ${row.line}  ${row.action.padEnd(9)} ${row.name} <${row.email}>${what}`;
  });
  const { create, update, unchanged, refused } = report.counts;
  lines.push(`${create} to create, ${update} to update, ${unchanged} unchanged, ${refused} refused.`);
  return lines;
}

const staffImportSchema = z.object({
  file: fileOption,
  dryRun: yes,
  invitations: z.boolean().default(true),
});
const venueAddSchema = z.object({
  name: z
    .string({ error: missingOr('must be text') })
    .trim()
    .min(1, 'is required')
    .max(100, 'must be at most 100 characters'),
  brand: z.enum(BRAND_IDS, { error: `must be one of ${BRAND_IDS.join(', ')}` }).optional(),
});

export const COMMANDS: AdminCommand[] = [
  {
    name: 'seed-demo',
    description: 'Fill the database with the demo group (idempotent) and print the demo sign-ins',
    options: [],
    schema: z.object({}),
    async run(ctx) {
      const seed = await seedDemo({ services: ctx.services, actor: 'admin-cli' });
      ctx.print('Demo data is in place. Sign in with:');
      for (const m of seed.members) ctx.print(`  ${m.email.padEnd(28)} ${m.password}   (${m.shows})`);
      for (const line of demoLinkLines(seed)) ctx.print(line);
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
      {
        flags: '--password-link',
        description: 'without --password: email them a link to set their own, and print it (embedded provider)',
      },
    ],
    schema: createStaffSchema.refine((o) => !(o.password && o.passwordLink), {
      path: ['passwordLink'],
      message: 'cannot be combined with --password',
    }),
    async run(ctx, o: z.output<typeof createStaffSchema>) {
      const venueId = await venueIdByName(ctx.db, o.venue);
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
          venueId,
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
      if (o.passwordLink) await printPasswordLink(ctx, id, o.email);
    },
  },
];

/** Emails member `staffId` a new password link and prints it last, as `invite` prints its link. */
async function printPasswordLink(ctx: CommandContext, staffId: string, email: string): Promise<void> {
  const { link, mailError } = await sendPasswordLink({ services: ctx.services, staffId, actor: 'admin-cli' });
  ctx.print(
    mailError
      ? `The password link for ${email.toLowerCase()} could not be emailed ${mailProblem(mailError)}`
      : `A link to set their password was emailed to ${email.toLowerCase()} (any earlier link no longer works):`,
  );
  ctx.print(link);
}

const inviteSchema = z.object({
  ...personFlags,
  venue: z.string().optional(),
  position: z.string().optional(),
  startDate: isoDate.optional(),
  fieldset: z.string().optional(),
  contractTemplate: fileOption.optional(),
});

const issueSchema = z.object({
  staff: z.email({ error: missingOr('must be the email address of a staff member') }),
  template: fileOption,
  title: z.string().trim().min(1).max(200).optional(),
});

const staffOnlySchema = z.object({
  staff: z.email({ error: missingOr('must be the email address of a staff member') }),
});

const roleGrantSchema = staffOnlySchema.extend({
  role: z.enum(['hr', 'manager'], { error: missingOr('must be hr or manager') }),
  venue: z.array(z.string().trim().min(1)).optional(),
});

function issueCommand(kind: 'contract' | 'agreement'): AdminCommand<typeof issueSchema> {
  return {
    name: `${kind} issue`,
    description: `Issue a ${kind} to a staff member from an HTML template ({{forename}}-style merge fields) or a PDF, and email its link`,
    options: [
      { flags: '--staff <email>', description: 'email address of the staff member (required)' },
      { flags: '--template <file>', description: '.html template or .pdf file (required)', file: true },
      { flags: '--title <text>', description: `name of the ${kind} (default: the HTML <title>, or the file name)` },
    ],
    schema: issueSchema,
    async run(ctx, o) {
      const staffId = await staffIdByEmail(ctx.db, o.staff);
      const { row, link, mailError } = await inCliWords(() =>
        issueDocument({
          services: ctx.services,
          kind,
          staffId,
          template: toTemplate(o.template),
          title: o.title,
          actor: 'admin-cli',
          link: true,
        }),
      );
      ctx.print(
        mailError
          ? `Issued ${kind} "${row.title}" (${row.id}) to ${o.staff.toLowerCase()}, but the email could not be sent ${mailProblem(mailError)}`
          : `Issued ${kind} "${row.title}" (${row.id}) to ${o.staff.toLowerCase()}; the link was emailed to them:`,
      );
      ctx.print(link!);
    },
  };
}

COMMANDS.push(
  {
    name: 'fieldset import',
    description: 'Import an onboarding fieldset from a JSON or YAML file (a name imported again is replaced)',
    args: [{ name: 'file', description: 'fieldset file (.json, .yaml or .yml)', file: true }],
    options: [],
    schema: z.object({ file: fileOption }),
    async run(ctx, o: { file: z.output<typeof fileOption> }) {
      const fieldset = await parseFieldset(Buffer.from(o.file.base64, 'base64').toString('utf8'), o.file.filename);
      const { id, created } = await importFieldset({ db: ctx.db, fieldset, actor: 'admin-cli' });
      ctx.print(
        `${created ? 'Imported' : 'Updated'} fieldset "${fieldset.name}" with ${fieldset.fields.length} fields (${id})`,
      );
    },
  } satisfies AdminCommand<z.ZodObject<{ file: typeof fileOption }>>,
  {
    name: 'invite',
    description: 'Invite a joiner: create them, their contract and onboarding, and email the onboarding link',
    options: [
      { flags: '--forename <name>', description: 'first name (required)' },
      { flags: '--surname <name>', description: 'last name (required)' },
      {
        flags: '--email <email>',
        description: 'email address (required): the link goes there, and they sign in with it',
      },
      { flags: '--venue <name>', description: 'venue name, as in seed-demo' },
      { flags: '--position <title>', description: 'job title' },
      { flags: '--start-date <YYYY-MM-DD>', description: 'first day' },
      { flags: '--fieldset <name>', description: 'onboarding fieldset (default: the most recently imported)' },
      {
        flags: '--contract-template <file>',
        description: 'contract .html template or .pdf (default: templates/contract-of-employment.html)',
        file: true,
      },
    ],
    schema: inviteSchema,
    async run(ctx, o: z.output<typeof inviteSchema>) {
      const { venue, ...rest } = o;
      const venueId = await venueIdByName(ctx.db, venue);
      const { staffId, link, reissued, mailError } = await inCliWords(() =>
        inviteJoiner({
          services: ctx.services,
          actor: 'admin-cli',
          input: { ...rest, venueId, contractTemplate: o.contractTemplate && toTemplate(o.contractTemplate) },
        }),
      );
      ctx.print(
        reissued
          ? `${o.email.toLowerCase()} had not finished onboarding: a new link was emailed and the old one no longer works (${staffId}):`
          : `Invited ${o.forename} ${o.surname} (${staffId}); the onboarding link was emailed to ${o.email.toLowerCase()}:`,
      );
      if (mailError) ctx.print(`The email could not be sent ${mailProblem(mailError)}`);
      ctx.print(link);
    },
  },
  issueCommand('contract'),
  issueCommand('agreement'),
  {
    name: 'selfie reset',
    description: 'Remove a staff member’s profile picture so they can take a new one',
    options: [{ flags: '--staff <email>', description: 'email address of the staff member (required)' }],
    schema: staffOnlySchema,
    async run(ctx, o: z.output<typeof staffOnlySchema>) {
      const had = await resetSelfie({
        services: ctx.services,
        staffId: await staffIdByEmail(ctx.db, o.staff),
        actor: 'admin-cli',
      });
      ctx.print(
        had
          ? `Removed the profile picture of ${o.staff.toLowerCase()}; they can take a new one in My Details.`
          : `${o.staff.toLowerCase()} has no profile picture.`,
      );
    },
  },
  {
    name: 'role grant',
    description: 'Give a staff member a console role: hr (everyone) or manager (of the venues given with --venue)',
    options: [
      { flags: '--staff <email>', description: 'email address of the staff member (required)' },
      { flags: '--role <role>', description: 'hr or manager (required)' },
      { flags: '--venue <name...>', description: 'a venue a manager manages; repeat for more (required for manager)' },
    ],
    schema: roleGrantSchema,
    async run(ctx, o: z.output<typeof roleGrantSchema>) {
      const staffId = await staffIdByEmail(ctx.db, o.staff);
      const venueIds = o.role === 'manager' ? await venueIdsByName(ctx.db, o.venue ?? []) : [];
      await setConsoleRole({ db: ctx.db, staffId, role: o.role, venueIds, actor: 'admin-cli' });
      ctx.print(
        o.role === 'hr'
          ? `${o.staff.toLowerCase()} is now HR in the console.`
          : `${o.staff.toLowerCase()} now manages ${(o.venue ?? []).join(', ')} in the console.`,
      );
    },
  },
  {
    name: 'role revoke',
    description: 'Take a staff member’s console role away (they stay staff)',
    options: [{ flags: '--staff <email>', description: 'email address of the staff member (required)' }],
    schema: staffOnlySchema,
    async run(ctx, o: z.output<typeof staffOnlySchema>) {
      await setConsoleRole({
        db: ctx.db,
        staffId: await staffIdByEmail(ctx.db, o.staff),
        role: null,
        actor: 'admin-cli',
      });
      ctx.print(`${o.staff.toLowerCase()} no longer has a console role.`);
    },
  },
  {
    name: 'till-key create',
    description:
      'Create an API key for a venue’s till to check team-discount codes (POST /api/discount/verify); printed once, last',
    options: [{ flags: '--venue <name>', description: 'venue name, as in seed-demo (required)' }],
    schema: z.object({
      venue: z
        .string({ error: missingOr('must be text') })
        .trim()
        .min(1, 'is required'),
    }),
    async run(ctx, o: { venue: string }) {
      const venueId = (await venueIdByName(ctx.db, o.venue))!;
      const { key, venue, id } = await createTillKey({ services: ctx.services, venueId, actor: 'admin-cli' });
      ctx.print(
        `Created till key ${id} for ${venue} (revoke it with: till-key revoke ${id}). Keep it in the till's settings; it is not shown again:`,
      );
      ctx.print(key);
    },
  },
  {
    name: 'till-key revoke',
    description: 'Stop a till key working (a lost or replaced till)',
    args: [{ name: 'keyId', description: 'the id till-key create printed' }],
    options: [],
    schema: z.object({ keyId: z.string().min(1) }),
    async run(ctx, o: { keyId: string }) {
      await revokeTillKey({ services: ctx.services, keyId: o.keyId, actor: 'admin-cli' });
      ctx.print(`Till key ${o.keyId} no longer works.`);
    },
  },
  {
    name: 'insurance list',
    description: 'List insurance documents waiting for approval, one line each beginning with the vehicle id',
    options: [],
    schema: z.object({}),
    async run(ctx) {
      const pending = await listPendingInsurance(ctx.services);
      if (!pending.length) ctx.print('No insurance documents are waiting for approval.');
      for (const p of pending) {
        ctx.print(
          `${p.id}  ${p.registration.padEnd(8)}  ${p.email}  document ${p.fileId} ${p.filename}  uploaded ${p.since ? p.since.toISOString().slice(0, 16).replace('T', ' ') : '?'}`,
        );
      }
    },
  },
  {
    name: 'insurance approve',
    description: 'Approve a vehicle’s insurance document (business class 2 cover checked)',
    args: [{ name: 'vehicleId', description: 'vehicle id from insurance list' }],
    options: [
      {
        flags: '--cover-ends <date>',
        description: 'the last day of cover on the certificate, YYYY-MM-DD: the member is reminded from it (required)',
      },
      { flags: '--by <name>', description: 'who approved it, shown to the member (default: HR)' },
      { flags: '--document <id>', description: 'only if this is still its document (the id insurance list shows)' },
    ],
    schema: z.object({
      vehicleId: z.string().min(1),
      coverEnds: z.iso.date({ error: missingOr('must be a date as YYYY-MM-DD') }),
      by: z.string().trim().min(1).max(120).default('HR'),
      document: z.string().optional(),
    }),
    async run(ctx, o: { vehicleId: string; coverEnds: string; by: string; document?: string }) {
      const row = await inCliWords(() =>
        approveInsurance({
          services: ctx.services,
          vehicleId: o.vehicleId,
          documentId: o.document,
          coverEnds: o.coverEnds,
          by: o.by,
          actor: 'admin-cli',
        }),
      );
      ctx.print(
        `Approved the insurance document of ${row.registration} (${row.id}), cover ending ${ukDateText(o.coverEnds)}.`,
      );
    },
  },
  {
    name: 'insurance reject',
    description: 'Reject a vehicle’s insurance document with a reason the member sees',
    args: [{ name: 'vehicleId', description: 'vehicle id from insurance list' }],
    options: [
      { flags: '--reason <text>', description: 'why, e.g. "No business class 2 cover" (required)' },
      { flags: '--document <id>', description: 'only if this is still its document (the id insurance list shows)' },
    ],
    schema: z.object({
      vehicleId: z.string().min(1),
      reason: z
        .string({ error: missingOr('must be text') })
        .trim()
        .min(1, 'is required')
        .max(500),
      document: z.string().optional(),
    }),
    async run(ctx, o: { vehicleId: string; reason: string; document?: string }) {
      const row = await inCliWords(() =>
        rejectInsurance({
          services: ctx.services,
          vehicleId: o.vehicleId,
          documentId: o.document,
          reason: o.reason,
          actor: 'admin-cli',
        }),
      );
      ctx.print(`Rejected the insurance document of ${row.registration} (${row.id}): ${o.reason}`);
    },
  },
  {
    name: 'survey import',
    description:
      'Import a survey from a JSON or YAML file; prints its id last (--id adds a new version of that survey; earlier answers stay with theirs)',
    args: [{ name: 'file', description: 'survey file (.json, .yaml or .yml)', file: true }],
    options: [
      {
        flags: '--id <n>',
        description: 'the id to give it (the web shows it at /survey/<id>); default: the next free id',
      },
    ],
    schema: z.object({ file: fileOption, id: z.coerce.number().int().positive().max(2_147_483_647).optional() }),
    async run(ctx, o: { file: z.output<typeof fileOption>; id?: number }) {
      const survey = await parseSurvey(Buffer.from(o.file.base64, 'base64').toString('utf8'), o.file.filename);
      const { id, version, replaced, unchanged } = await importSurvey({
        services: ctx.services,
        survey,
        id: o.id,
        actor: 'admin-cli',
      });
      const done = unchanged ? 'Unchanged:' : replaced ? `Added version ${version} of` : 'Imported';
      ctx.print(
        `${done} survey "${survey.name}" with ${survey.questions.length} questions, at /survey/${id} (version ${version}). Its id:`,
      );
      ctx.print(String(id));
    },
  },
  {
    name: 'survey results',
    description: 'Export every submission of a survey version as CSV (to --csv FILE, or to the screen)',
    args: [{ name: 'id', description: 'survey id' }],
    options: [
      { flags: '--csv <file>', description: 'write the CSV to this file', writesFile: true },
      { flags: '--version <n>', description: 'the survey version (default: the current one)' },
    ],
    schema: z.object({
      id: z.coerce.number().int().positive().max(2_147_483_647),
      csv: z.string().optional(),
      version: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    }),
    async run(ctx, o: { id: number; version?: number }) {
      await ctx.stream(await exportSurveyResults({ services: ctx.services, surveyId: o.id, version: o.version }));
    },
  },
  {
    name: 'staff import',
    description:
      'Import the people already at work from a CSV UTF-8 file (docs/product.md#staff-import): whole or not at all',
    args: [
      { name: 'file', description: 'CSV file: forename, surname, email, venue, and the optional columns', file: true },
    ],
    options: [
      { flags: '--dry-run', description: 'check the file and print what it would do; change nothing' },
      { flags: '--no-invitations', description: 'send the people it creates no sign-in invitation' },
    ],
    schema: staffImportSchema,
    async run(ctx, o: z.output<typeof staffImportSchema>) {
      try {
        const report = await importStaff({
          services: ctx.services,
          scope: null,
          actor: 'admin-cli',
          bytes: Buffer.from(o.file.base64, 'base64'),
          filename: o.file.filename,
          apply: !o.dryRun,
          sendInvitations: o.invitations,
          // The shell that runs the CLI already holds the server, as for every other command.
          steppedUp: true,
        });
        for (const line of importLines(report)) ctx.print(line);
        if (report.applied) {
          ctx.print(
            report.invitations
              ? `Imported. ${report.invitations} sign-in invitations are queued; the last goes out by ${report.invitations_done_by}.`
              : 'Imported. No invitations were sent.',
          );
        } else ctx.print('Nothing was changed: run it again without --dry-run to import.');
      } catch (err) {
        if (isAppError(err) && err.code === 'IMPORT_ROWS_REFUSED') {
          for (const line of importLines(err.detail!.report as StaffImportReport)) ctx.print(line);
        }
        throw err;
      }
    },
  } satisfies AdminCommand<typeof staffImportSchema>,
  {
    name: 'venue add',
    description: 'Add a venue, trading under a brand (default: the BRAND setting)',
    args: [{ name: 'name', description: 'the venue’s name, unique in the group' }],
    options: [{ flags: '--brand <id>', description: `the brand it trades under: ${BRAND_IDS.join(', ')}` }],
    schema: venueAddSchema,
    async run(ctx, o: z.output<typeof venueAddSchema>) {
      const id = await createVenue({
        db: ctx.db,
        name: o.name,
        brand: o.brand ?? ctx.config.brand,
        actor: 'admin-cli',
      });
      ctx.print(`Added venue "${o.name}" (${o.brand ?? ctx.config.brand}, ${id}).`);
    },
  } satisfies AdminCommand<typeof venueAddSchema>,
  {
    name: 'venue list',
    description: 'List the venues with their brand, people and whether archived',
    options: [],
    schema: z.object({}),
    async run(ctx) {
      const all = await listVenues({ db: ctx.db, scope: { actorId: 'admin-cli', role: 'hr', venueIds: null } });
      if (!all.length) ctx.print('No venues yet: add one with venue add NAME.');
      for (const v of all) {
        ctx.print(`${v.name}  (${v.brand}, ${v.people} people${v.archived ? ', archived' : ''})  ${v.id}`);
      }
    },
  } satisfies AdminCommand<z.ZodObject<Record<string, never>>>,
  {
    name: 'tfa add-authenticator',
    description: 'Add an authenticator-app method for a staff member and print its otpauth URI (scan it as a QR code)',
    options: [{ flags: '--staff <email>', description: 'email address of the staff member (required)' }],
    schema: staffOnlySchema,
    async run(ctx, o: z.output<typeof staffOnlySchema>) {
      const { methodId, uri } = await addAuthenticator({
        services: ctx.services,
        staffId: await staffIdByEmail(ctx.db, o.staff),
        actor: 'admin-cli',
      });
      ctx.print(
        `Added an authenticator method (${methodId}) for ${o.staff.toLowerCase()}. Give them this URI to add to their app:`,
      );
      ctx.print(uri);
    },
  },
);

const leaveSchema = staffOnlySchema
  .extend({
    date: z.iso.date('must be a date as YYYY-MM-DD').optional(),
    reason: z.enum(LEAVING_REASONS, { error: missingOr(`must be one of ${LEAVING_REASONS.join(', ')}`) }).optional(),
    now: yes,
    cancel: yes,
  })
  .superRefine((o, ctx) => {
    if (o.cancel && (o.date || o.reason || o.now))
      ctx.addIssue({ code: 'custom', path: ['cancel'], message: 'cannot be combined with --date, --reason or --now' });
    if (!o.cancel && !o.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'is required' });
    if (!o.cancel && !o.now && !o.date)
      ctx.addIssue({ code: 'custom', path: ['date'], message: 'is required (or give --now)' });
  });

const rehireSchema = staffOnlySchema.extend({
  startDate: z.iso.date({ error: missingOr('must be a date as YYYY-MM-DD') }),
});

COMMANDS.push(
  {
    name: 'staff leave',
    description:
      'Record a leaver: their last working day and why (access ends at the end of that day in London), --now to end access at once, or --cancel before it takes effect',
    options: [
      { flags: '--staff <email>', description: 'email address of the staff member (required)' },
      {
        flags: '--date <YYYY-MM-DD>',
        description: 'last working day, today or later (with --now: today by default, or earlier)',
      },
      { flags: '--reason <reason>', description: `why: ${LEAVING_REASONS.join(', ')} (required)` },
      { flags: '--now', description: 'end their access at once' },
      { flags: '--cancel', description: 'cancel a leaving not yet taken effect' },
    ],
    schema: leaveSchema,
    async run(ctx, o: z.output<typeof leaveSchema>) {
      const staffId = await staffIdByEmail(ctx.db, o.staff);
      const email = o.staff.toLowerCase();
      if (o.cancel) {
        await cancelLeaving({ services: ctx.services, staffId, actor: 'admin-cli' });
        ctx.print(`Cancelled the leaving of ${email}: they stay.`);
        return;
      }
      const state = await inCliWords(() =>
        recordLeaving({
          services: ctx.services,
          staffId,
          leavingDate: o.date,
          reason: o.reason!,
          leaveNow: o.now,
          actor: 'admin-cli',
        }),
      );
      const day = ukDateText(state.leavingDate!);
      ctx.print(
        o.now
          ? `${email} has left (last working day ${day}): their access has ended.`
          : `${email} leaves on ${day}: their access ends at the end of that day.`,
      );
    },
  },
  {
    name: 'staff password-link',
    description:
      'Email a staff member a link to set their password (embedded provider), and print it; the earlier link stops working',
    options: [{ flags: '--staff <email>', description: 'email address of the staff member (required)' }],
    schema: staffOnlySchema,
    async run(ctx, o: z.output<typeof staffOnlySchema>) {
      await printPasswordLink(ctx, await staffIdByEmail(ctx.db, o.staff), o.staff);
    },
  },
  {
    name: 'staff rehire',
    description: 'Bring a leaver back, with their history, from a start date after their leaving date',
    options: [
      { flags: '--staff <email>', description: 'email address of the staff member (required)' },
      { flags: '--start-date <YYYY-MM-DD>', description: 'their new first day (required)' },
    ],
    schema: rehireSchema,
    async run(ctx, o: z.output<typeof rehireSchema>) {
      const staffId = await staffIdByEmail(ctx.db, o.staff);
      await rehireLeaver({ services: ctx.services, staffId, startDate: o.startDate, actor: 'admin-cli' });
      ctx.print(`${o.staff.toLowerCase()} is re-hired from ${ukDateText(o.startDate)}; they can sign in again.`);
    },
  },
);

COMMANDS.push(...KEY_COMMANDS, ...BACKUP_COMMANDS, ...ERASURE_COMMANDS);

export const findCommand = (name: string): AdminCommand | undefined => COMMANDS.find((c) => c.name === name);
