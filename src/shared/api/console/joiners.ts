/** The console's joiners (docs/product.md#joiners): the board by onboarding stage, invitations and links. */
import { z } from 'zod';
import { onboardingStageSchema } from './shared.js';

/** `POST /admin/joiners` (docs/product.md#joiners): invite a joiner to one of the caller's venues. */
export const inviteBodySchema = z.object({
  forename: z.string().trim().min(1, 'Enter their first name').max(100),
  surname: z.string().trim().min(1, 'Enter their last name').max(100),
  email: z.email('Enter an email address like name@example.com').max(254),
  venue_id: z.uuid('Choose a venue'),
  position: z.string().trim().max(100).optional(),
  start_date: z.iso.date('Enter a date as YYYY-MM-DD').optional(),
  /** The onboarding fieldset's name; the most recently imported when left out. */
  fieldset: z.string().trim().max(200).optional(),
  /** A stored contract template (docs/product.md#document-templates); the built-in contract when left out. */
  template_id: z.uuid('Choose one of the contract templates').optional(),
});
export type InviteBody = z.input<typeof inviteBodySchema>;

/** A link sent (or sent again): the link itself, to hand over when the mail could not go. */
export const invitationAnswerSchema = z.object({
  data: z.object({
    staff_id: z.string(),
    link: z.string(),
    reissued: z.boolean(),
    /** Null when the mail went; otherwise why not and whether Staffroom keeps trying. */
    mail_problem: z.object({ reason: z.string(), will_retry: z.boolean() }).nullable(),
  }),
});
export type Invitation = z.infer<typeof invitationAnswerSchema>['data'];

/** One joiner on the board: where they stand and how long they have waited there. */
export const joinerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email_address: z.string(),
  venue: z.string().nullable(),
  position: z.string().nullable(),
  start_date: z.string().nullable(),
  stage: onboardingStageSchema,
  /** Whole days since the joiner last moved (or was invited). */
  waiting_days: z.number(),
  link_expires_at: z.string(),
});
export type Joiner = z.infer<typeof joinerSchema>;
export const joinersAnswerSchema = z.object({ data: z.array(joinerSchema) });
