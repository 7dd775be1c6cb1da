/**
 * Right-to-work records in the console (docs/product.md#right-to-work-records): a person's checks, the
 * document copies to choose from, recording a check (HR), and the right-to-work view's three lists.
 * The rules on the kinds of check follow the Home Office's "Employer's guide to right to work checks".
 */
import { z } from 'zod';
import { IDSP_DOCUMENTS, RIGHT_TO_WORK_KINDS, RIGHT_TO_WORK_LISTS, SHARE_CODE_PATTERN } from '@shared/right-to-work.js';

export * from '@shared/right-to-work.js';

/** A calendar date (zod's ISO date refuses 31 June too). */
const day = z.iso.date('Enter a date as YYYY-MM-DD');

/** `GET /admin/right-to-work` query: one of the three lists, paged, by date. */
export const rightToWorkQuerySchema = z.object({
  list: z.enum(RIGHT_TO_WORK_LISTS).default('none'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  /** By start date for `none`, by the permission's expiry for the others. */
  direction: z.enum(['asc', 'desc']).default('asc'),
});
export type RightToWorkQuery = z.input<typeof rightToWorkQuerySchema>;

const fileSchema = z.object({
  id: z.string(),
  original_filename: z.string(),
  content_type: z.string(),
  created_at: z.string(),
  /** A short-lived signed address to open it inline. */
  uri: z.string(),
});
export type RightToWorkFile = z.infer<typeof fileSchema>;

/** One recorded check. `share_code` only for a Home Office online check. */
export const rightToWorkCheckSchema = z.object({
  id: z.string(),
  kind: z.enum(RIGHT_TO_WORK_KINDS),
  share_code: z.string().nullable(),
  idsp_document: z.enum(IDSP_DOCUMENTS).nullable(),
  checked_on: z.string(),
  checked_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  permission_expires_on: z.string().nullable(),
  follow_up_on: z.string().nullable(),
  /** The person's latest check: the one the right-to-work view goes by. */
  current: z.boolean(),
  files: z.array(fileSchema),
  created_at: z.string(),
});
export type RightToWorkCheck = z.infer<typeof rightToWorkCheckSchema>;

/** A row of the right-to-work view: the person, their start date, and their current check if any. */
export const rightToWorkRowSchema = z.object({
  person: z.object({ id: z.string(), name: z.string(), venue: z.string().nullable() }),
  start_date: z.string().nullable(),
  check: z
    .object({
      kind: z.enum(RIGHT_TO_WORK_KINDS),
      checked_on: z.string(),
      permission_expires_on: z.string().nullable(),
      follow_up_on: z.string().nullable(),
    })
    .nullable(),
});
export type RightToWorkRow = z.infer<typeof rightToWorkRowSchema>;

export const rightToWorkListAnswerSchema = z.object({
  data: z.array(rightToWorkRowSchema),
  meta: z.object({
    page: z.number(),
    per_page: z.number(),
    total: z.number(),
    /** How many people each list holds, within the caller's venues. */
    counts: z.object({ none: z.number(), expiring: z.number(), expired: z.number() }),
  }),
});
export type RightToWorkListAnswer = z.infer<typeof rightToWorkListAnswerSchema>;

export const rightToWorkPersonParamsSchema = z.object({ id: z.string().max(64) });

/** `GET /admin/people/:id/right-to-work`: their checks, newest first, and the copies a check may rest on. */
export const personRightToWorkAnswerSchema = z.object({
  data: z.object({
    checks: z.array(rightToWorkCheckSchema),
    /** The person's uploads a check may rest on (onboarding uploads and copies uploaded here). */
    files: z.array(fileSchema),
    /** Only HR records checks. */
    can_record: z.boolean(),
  }),
});
export type PersonRightToWork = z.infer<typeof personRightToWorkAnswerSchema>['data'];

/**
 * `POST /admin/people/:id/right-to-work` (HR): a check, or a follow-up check, recorded. Time-limited
 * permission takes its expiry and the follow-up date together; an identity service provider checks
 * British and Irish passports only, which carry no time limit.
 */
export const recordRightToWorkBodySchema = z
  .object({
    kind: z.enum(RIGHT_TO_WORK_KINDS),
    /** Spaces and case as typed: 'w2x 4y7 z9a' is W2X4Y7Z9A. */
    share_code: z
      .string()
      .max(20)
      .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
      .optional(),
    idsp_document: z.enum(IDSP_DOCUMENTS).optional(),
    checked_on: day,
    permission_expires_on: day.nullable().optional(),
    follow_up_on: day.nullable().optional(),
    file_ids: z.array(z.uuid()).max(10).default([]),
  })
  .superRefine((body, ctx) => {
    const problem = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (body.kind === 'home_office_online') {
      if (!body.share_code) problem('share_code', 'Enter the share code the person gave you');
      else if (!SHARE_CODE_PATTERN.test(body.share_code))
        problem('share_code', 'A share code is 9 letters and numbers, like W2X 4Y7 Z9A');
    } else if (body.share_code) problem('share_code', 'Only a Home Office online check has a share code');
    if (body.kind === 'idsp') {
      if (!body.idsp_document)
        problem('idsp_document', 'An identity service provider can check British and Irish passports only');
      if (body.permission_expires_on)
        problem('permission_expires_on', 'British and Irish citizens’ permission has no time limit');
    } else if (body.idsp_document) problem('idsp_document', 'Only an identity service provider check names a passport');
    if (body.permission_expires_on) {
      if (body.permission_expires_on <= body.checked_on)
        problem('permission_expires_on', 'The permission must still run after the check');
      if (!body.follow_up_on) problem('follow_up_on', 'Choose when to check again, on or before the expiry');
      else if (body.follow_up_on > body.permission_expires_on || body.follow_up_on < body.checked_on)
        problem('follow_up_on', 'The follow-up must fall between the check and the expiry');
    } else if (body.follow_up_on) problem('follow_up_on', 'A follow-up needs the permission’s expiry date');
    if (body.file_ids.length === 0) problem('file_ids', 'Choose or upload the copies the check rests on');
  });
export type RecordRightToWorkBody = z.input<typeof recordRightToWorkBodySchema>;

export const rightToWorkCheckAnswerSchema = z.object({ data: rightToWorkCheckSchema });

/** `POST /admin/people/:id/right-to-work/files` (HR): a copy uploaded for a check, kept as the person's. */
export const rightToWorkFileAnswerSchema = z.object({ data: fileSchema });
