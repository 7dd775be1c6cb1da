/**
 * The console's people list and a person's page (docs/product.md#people): search, sort and page, the
 * actions on a person, their console role, and adding someone who signs in through the group's provider.
 */
import { z } from 'zod';
import { LEAVING_REASONS } from '@shared/leavers.js';
import { consoleRoleSchema, onboardingStageSchema } from './shared.js';

export const PEOPLE_SORTS = ['name', 'venue', 'position', 'start_date'] as const;
/**
 * The people list's filter by leaving (docs/product.md#leavers): `current` (no leaving recorded), `leaving`
 * (recorded, access not yet ended), `left` (access ended). Absent: everyone.
 */
export const PEOPLE_STATUSES = ['current', 'leaving', 'left'] as const;

/**
 * `GET /admin/people` query: server-side paging, sorting and a search over name and email. `after` is
 * the previous page's `meta.next`, for the same sort and direction: the page is read on from there
 * instead of skipping `(page - 1) * per_page` rows, and `page` only numbers it. Opaque to the client;
 * one made for another sort or direction, or altered, is a 400.
 */
export const peopleQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  search: z.string().trim().max(100).optional(),
  sort: z.enum(PEOPLE_SORTS).default('name'),
  direction: z.enum(['asc', 'desc']).default('asc'),
  venue_id: z.uuid().optional(),
  status: z.enum(PEOPLE_STATUSES).optional(),
  after: z.string().min(1).max(2000).optional(),
});
export type PeopleQuery = z.input<typeof peopleQuerySchema>;

export const personRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  email_address: z.string(),
  venue: z.string().nullable(),
  position: z.string().nullable(),
  start_date: z.string().nullable(),
  onboarding: onboardingStageSchema,
  initial_training_complete: z.boolean(),
  has_selfie: z.boolean(),
  role: consoleRoleSchema.nullable(),
  /** Their last working day (YYYY-MM-DD) and why, when a leaving is recorded (docs/product.md#leavers). */
  leaving_date: z.string().nullable(),
  leaving_reason: z.enum(LEAVING_REASONS).nullable(),
  /** When their access ends or ended (ISO 8601); `left` once it has. */
  access_ends_at: z.string().nullable(),
  left: z.boolean(),
});
export type PersonRow = z.infer<typeof personRowSchema>;

export const peopleAnswerSchema = z.object({
  data: z.array(personRowSchema),
  /** `next`: the `after` of the page that follows, null on the last page. */
  meta: z.object({ page: z.number(), per_page: z.number(), total: z.number(), next: z.string().nullable() }),
});
export type PeopleAnswer = z.infer<typeof peopleAnswerSchema>;

export const personParamsSchema = z.object({ id: z.string().max(64) });

/**
 * `GET /admin/people/:id/subject-access.zip` (HR, second factor in the last 15 minutes,
 * docs/product.md#subject-access): everything held about the person as one zip (summary.html,
 * data.json, files/), streamed; 403 'Only HR can do that.' for anyone else, 404 for an unknown id.
 */
export const subjectAccessParamsSchema = z.object({ id: z.uuid('That person was not found.') });

/** A person's page: their details (bank details masked), documents, vehicles, surveys answered and audit history. */
export const personAnswerSchema = z.object({
  data: personRowSchema.extend({
    known_as: z.string().nullable(),
    mobile: z.string().nullable(),
    date_of_birth: z.string().nullable(),
    address: z.string().nullable(),
    bank_account: z.string().nullable(),
    sort_code: z.string().nullable(),
    venues_managed: z.array(z.string()),
    documents: z.array(
      z.object({
        id: z.string(),
        kind: z.string(),
        title: z.string(),
        status: z.string(),
        issued_at: z.string(),
        signed_at: z.string().nullable(),
        /** For a signed one, the address of the signed PDF with its certificate page (the evidence). */
        signed_pdf: z.string().nullable(),
      }),
    ),
    /**
     * `insurance`: `none`, `pending`, `approved` or `rejected`; `cover_ends`: the last day of an approved
     * document's cover (YYYY-MM-DD), null otherwise and for one approved before the date was asked for.
     */
    vehicles: z.array(
      z.object({
        id: z.string(),
        registration: z.string(),
        insurance: z.string(),
        cover_ends: z.string().nullable(),
        mot_expiry: z.string().nullable(),
      }),
    ),
    /** The surveys they have answered, newest first (at most 50). */
    surveys: z.array(z.object({ survey_id: z.number(), name: z.string(), submitted_at: z.string() })),
    /** `actor_name`: the person behind a `staff:<id>` actor, when they still exist. */
    history: z.array(
      z.object({ at: z.string(), action: z.string(), actor: z.string(), actor_name: z.string().nullable().optional() }),
    ),
  }),
});
export type Person = z.infer<typeof personAnswerSchema>['data'];

/** `POST /admin/people/:id/role` (HR only, after step-up): grant or revoke a console role. */
export const roleBodySchema = z.object({
  role: consoleRoleSchema.nullable(),
  /** Venue ids a manager manages; ignored for HR and for no role. */
  venue_ids: z.array(z.uuid()).max(200).default([]),
});
export type RoleBody = z.input<typeof roleBodySchema>;

/**
 * `POST /admin/people`: add someone who skips onboarding, as `create-staff` does; with the embedded
 * provider they are emailed a set-your-password link (docs/product.md#password-links).
 */
export const addPersonBodySchema = z.object({
  forename: z.string().trim().min(1, 'Enter their first name').max(100),
  surname: z.string().trim().min(1, 'Enter their last name').max(100),
  email: z.email('Enter an email address like name@example.com').max(254),
  venue_id: z.uuid('Choose a venue'),
  position: z.string().trim().max(100).optional(),
  start_date: z.iso.date('Enter a date as YYYY-MM-DD').optional(),
});

/**
 * `POST /admin/people/:id/leaving`: record or change a leaving (docs/product.md#leavers). `leaving_date` is
 * the last working day, today or later; with `leave_now` access ends at once and the date, today by
 * default, may be earlier.
 */
export const leavingBodySchema = z.object({
  leaving_date: z.iso.date('Enter a date as YYYY-MM-DD').optional(),
  reason: z.enum(LEAVING_REASONS, 'Choose why they are leaving'),
  leave_now: z.boolean().default(false),
});
export type LeavingBody = z.input<typeof leavingBodySchema>;

/** `POST /admin/people/:id/rehire`: bring a leaver back from a start date after their leaving date. */
export const rehireBodySchema = z.object({ start_date: z.iso.date('Enter a date as YYYY-MM-DD') });
export type RehireBody = z.input<typeof rehireBodySchema>;

/**
 * `POST /admin/people/:id/password-link`'s answer (docs/product.md#password-links): the link emailed to
 * them, to hand over when the mail did not go, and until when it works.
 */
export const passwordLinkSentAnswerSchema = z.object({
  data: z.object({
    link: z.string(),
    expires_at: z.string(),
    /** Null when the mail went; otherwise why not and whether Staffroom keeps trying. */
    mail_problem: z.object({ reason: z.string(), will_retry: z.boolean() }).nullable(),
  }),
});
export type PasswordLinkSent = z.infer<typeof passwordLinkSentAnswerSchema>['data'];

/**
 * The kinds of a leaver's personal data (docs/product.md#retention), as an erasure on request lists them:
 * the retention schedule's kinds, and `history` (sessions, messages, and the personal values and addresses
 * in the audit log), which erasing the staff record also takes.
 */
export const PERSONAL_DATA_KINDS = [
  'selfie',
  'survey-answers',
  'bank-details',
  'right-to-work',
  'payroll-records',
  'vehicles',
  'documents',
  'history',
  'staff-record',
] as const;
export type PersonalDataKind = (typeof PERSONAL_DATA_KINDS)[number];

/**
 * One kind of a leaver's personal data in an erasure on request (docs/product.md#erasure-on-request).
 * `status`: `kept` (the law, or their final pay, still needs it: `kept_until` is the last UK day it is kept,
 * YYYY-MM-DD, null while it waits for an event, and `why` says what needs it), `erase` (held and erased by
 * an erasure now) or `none` (nothing of it is held, or it has been erased).
 */
export const erasureItemSchema = z.object({
  kind: z.enum(PERSONAL_DATA_KINDS),
  label: z.string(),
  status: z.enum(['kept', 'erase', 'none']),
  kept_until: z.string().nullable(),
  why: z.string().nullable(),
});

/**
 * `GET /admin/people/:id/erasure` (HR only): what an erasure on request of this leaver would erase now and
 * what is kept, and until when; `erased_at`: when their data was last erased on request (ISO 8601), if ever.
 * 409 for someone who has not left.
 */
export const erasurePlanSchema = z.object({
  staff_id: z.string(),
  access_ended_at: z.string(),
  erased_at: z.string().nullable(),
  items: z.array(erasureItemSchema),
});
export type ErasurePlan = z.infer<typeof erasurePlanSchema>;
export type ErasureItem = z.infer<typeof erasureItemSchema>;
export const erasurePlanAnswerSchema = z.object({ data: erasurePlanSchema });

/**
 * `POST /admin/people/:id/erasure` (HR only, after step-up): erases every kind not kept, at once.
 * `erased`: the kinds this call erased (empty when there was nothing more to erase); `plan`: what is
 * left, as the GET answers it, or null when nothing of the person is kept (the record went too).
 */
export const erasureDoneAnswerSchema = z.object({
  data: z.object({ erased: z.array(z.enum(PERSONAL_DATA_KINDS)), plan: erasurePlanSchema.nullable() }),
});
export type ErasureDone = z.infer<typeof erasureDoneAnswerSchema>['data'];
