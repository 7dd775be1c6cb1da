/**
 * The console's staff import (docs/product.md#staff-import): a CSV of the people already at work, checked
 * row by row in a dry run, then applied as a whole.
 */
import { z } from 'zod';

/** The largest file accepted: 3 MiB, about 15,000 rows of the eleven columns. */
export const STAFF_IMPORT_MAX_BYTES = 3 * 1024 * 1024;
/** The most rows one file may hold. */
export const STAFF_IMPORT_MAX_ROWS = 10_000;

/** `POST /admin/staff-import/dry-run` and `POST /admin/staff-import` (HR): the file's bytes, base64. */
export const staffImportBodySchema = z.object({
  filename: z.string().trim().min(1).max(255),
  /** The file's bytes, base64 (not a text: a file that is not UTF-8 must be seen as such). */
  content: z
    .string()
    .min(1, 'Choose a CSV file')
    .max(Math.ceil(STAFF_IMPORT_MAX_BYTES / 3) * 4, 'The file is larger than 3 MB: split it and import each part.'),
  /** Send each person the import creates an invitation to sign in (default true). */
  send_invitations: z.boolean().default(true),
});
export type StaffImportBody = z.input<typeof staffImportBodySchema>;

export const STAFF_IMPORT_ACTIONS = ['create', 'update', 'unchanged', 'refused'] as const;
export type StaffImportAction = (typeof STAFF_IMPORT_ACTIONS)[number];

/** One row of the file and what the import does with it. */
export const staffImportRowSchema = z.object({
  /** The row's line in the file, the header being line 1. */
  line: z.number().int(),
  name: z.string(),
  email: z.string(),
  payroll_id: z.string().nullable(),
  action: z.enum(STAFF_IMPORT_ACTIONS),
  /** Why a row is refused, one sentence each; empty otherwise. */
  reasons: z.array(z.string()),
  /** What an update changes, by column name (`venue`, `start date`…; `re-hired` for a leaver back). */
  changes: z.array(z.string()),
});
export type StaffImportRow = z.infer<typeof staffImportRowSchema>;

export const staffImportReportSchema = z.object({
  /** True once applied; a dry run changes nothing. */
  applied: z.boolean(),
  counts: z.object({ create: z.number(), update: z.number(), unchanged: z.number(), refused: z.number() }),
  /** Invitations the import queues (dry run: would queue), one per person created when invitations are on. */
  invitations: z.number(),
  /** When the last of them falls due, paced at INVITES_PER_MINUTE (ISO 8601); null without invitations. */
  invitations_done_by: z.string().nullable(),
  rows: z.array(staffImportRowSchema),
});
export type StaffImportReport = z.infer<typeof staffImportReportSchema>;
export const staffImportAnswerSchema = z.object({ data: staffImportReportSchema });
