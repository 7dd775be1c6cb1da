/**
 * The HR and venue-manager console under `/admin` (docs/product.md#console): who may use it, the people
 * list and a person's page, and the actions on a person. Every answer is filtered on the server by
 * role and venue; a manager asking for another venue's person gets 404, whatever id they send.
 */
import { z } from 'zod';
import { fieldDefinitionSchema } from './onboarding.js';

/** Console roles a staff member may hold besides being staff (docs/product.md#console-roles). */
export const CONSOLE_ROLES = ['hr', 'manager'] as const;
export const consoleRoleSchema = z.enum(CONSOLE_ROLES);
export type ConsoleRole = z.infer<typeof consoleRoleSchema>;

/** `GET /admin/me`: the signed-in person's console role and the venues they may see. */
export const consoleMeAnswerSchema = z.object({
  data: z.object({
    role: consoleRoleSchema,
    /** For a manager, the venues they manage; for HR, every venue. */
    venues: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
});
export type ConsoleMe = z.infer<typeof consoleMeAnswerSchema>['data'];

/** Where a joiner stands, or `complete`, or `none` for someone added without onboarding. */
export const onboardingStageSchema = z.enum(['details', 'contract', 'password', 'complete', 'expired', 'none']);
export type OnboardingStage = z.infer<typeof onboardingStageSchema>;

export const PEOPLE_SORTS = ['name', 'venue', 'position', 'start_date'] as const;

/** `GET /admin/people` query: server-side paging, sorting and a search over name and email. */
export const peopleQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  search: z.string().trim().max(100).optional(),
  sort: z.enum(PEOPLE_SORTS).default('name'),
  direction: z.enum(['asc', 'desc']).default('asc'),
  venue_id: z.uuid().optional(),
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
});
export type PersonRow = z.infer<typeof personRowSchema>;

export const peopleAnswerSchema = z.object({
  data: z.array(personRowSchema),
  meta: z.object({ page: z.number(), per_page: z.number(), total: z.number() }),
});
export type PeopleAnswer = z.infer<typeof peopleAnswerSchema>;

export const personParamsSchema = z.object({ id: z.string().max(64) });

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
    vehicles: z.array(z.object({ id: z.string(), registration: z.string(), insurance: z.string(), mot_expiry: z.string().nullable() })),
    /** The surveys they have answered, newest first (at most 50). */
    surveys: z.array(z.object({ survey_id: z.number(), name: z.string(), submitted_at: z.string() })),
    /** `actor_name`: the person behind a `staff:<id>` actor, when they still exist. */
    history: z.array(z.object({ at: z.string(), action: z.string(), actor: z.string(), actor_name: z.string().nullable().optional() })),
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

/** One insurance document waiting for a decision (docs/product.md#insurance-queue). */
export const pendingInsuranceSchema = z.object({
  vehicle_id: z.string(),
  registration: z.string(),
  make: z.string(),
  model: z.string(),
  mot_expiry: z.string().nullable(),
  mot_passed: z.boolean().nullable(),
  person: z.object({ id: z.string(), name: z.string(), venue: z.string().nullable() }),
  /** The document to decide on; its `uri` is a short-lived signed address to show it inline. */
  document: z.object({ id: z.string(), original_filename: z.string(), uri: z.string() }),
  since: z.string().nullable(),
});
export type PendingInsurance = z.infer<typeof pendingInsuranceSchema>;
export const insuranceQueueAnswerSchema = z.object({ data: z.array(pendingInsuranceSchema) });

export const vehicleParamsSchema = z.object({ vehicleId: z.string().max(64) });

/** Approve: the document decided on, so a document replaced meanwhile is not approved unseen. */
export const approveInsuranceBodySchema = z.object({ document_id: z.uuid() });
/** Reject with the reason the member sees. */
export const rejectInsuranceBodySchema = z.object({ document_id: z.uuid(), reason: z.string().trim().min(1, 'Say why, so the member can fix it.').max(300) });
export const insuranceDecisionAnswerSchema = z.object({ data: z.object({ vehicle_id: z.string(), decision: z.enum(['approved', 'rejected']) }) });

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

/** A venue in the console's set-up (docs/product.md#set-up). */
export const consoleVenueSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The brand it trades under, a brand id of src/shared/brands.ts. */
  brand: z.string(),
  archived: z.boolean(),
  people: z.number(),
  till_keys: z.array(z.object({ id: z.string(), created_at: z.string(), revoked_at: z.string().nullable() })),
});
export type ConsoleVenue = z.infer<typeof consoleVenueSchema>;
export const venuesAnswerSchema = z.object({ data: z.array(consoleVenueSchema) });
export const venueAnswerSchema = z.object({ data: consoleVenueSchema });
export const venueParamsSchema = z.object({ venueId: z.string().max(64) });

/** `POST /admin/venues` (HR): a new venue. */
export const addVenueBodySchema = z.object({ name: z.string().trim().min(1, 'Enter the venue’s name').max(100), brand: z.string().max(40) });
/** `POST /admin/venues/:venueId` (HR): rename, change brand, archive or bring back. */
export const updateVenueBodySchema = z.object({
  name: z.string().trim().min(1, 'Enter the venue’s name').max(100).optional(),
  brand: z.string().max(40).optional(),
  archived: z.boolean().optional(),
});

/** A till key as created: shown once, then only its id. */
export const tillKeyAnswerSchema = z.object({ data: z.object({ id: z.string(), key: z.string(), venue: z.string() }) });
export const tillKeyParamsSchema = z.object({ keyId: z.string().max(64) });

/** One version of a survey (docs/product.md#console-surveys): its question count and the answers to it the caller may see. */
export const surveyVersionSummarySchema = z.object({ version: z.number(), name: z.string(), questions: z.number(), responses: z.number(), created_at: z.string() });
export type SurveyVersionSummary = z.infer<typeof surveyVersionSummarySchema>;
/**
 * `GET /admin/surveys`: each survey with how many answers the caller may see (all versions), its
 * current `version` (whose count `questions` is) and its `versions`, oldest first.
 */
export const consoleSurveysAnswerSchema = z.object({
  data: z.array(z.object({ id: z.number(), name: z.string(), questions: z.number(), responses: z.number(), version: z.number(), versions: z.array(surveyVersionSummarySchema) })),
});
export type ConsoleSurvey = z.infer<typeof consoleSurveysAnswerSchema>['data'][number];

/**
 * One question's results (docs/product.md#console-surveys): `counts` per answer for choices and ratings
 * (for `bars` the keys are '1'..'5', in order; for `locations` the venue names), or the newest
 * `answers` for free text; `answered` is how many gave one.
 */
export const questionResultSchema = z.object({
  id: z.number(),
  question: z.string(),
  type: z.string(),
  answered: z.number(),
  counts: z.array(z.object({ key: z.string(), label: z.string(), count: z.number() })).nullable(),
  answers: z.array(z.string()).nullable(),
});
export type QuestionResult = z.infer<typeof questionResultSchema>;
/** Results of one `version` (default the current one), with every version for the selector. */
export const surveyResultsAnswerSchema = z.object({
  data: z.object({
    id: z.number(),
    name: z.string(),
    responses: z.number(),
    questions: z.array(questionResultSchema),
    version: z.number(),
    current_version: z.number(),
    versions: z.array(surveyVersionSummarySchema),
  }),
});
export type SurveyResults = z.infer<typeof surveyResultsAnswerSchema>['data'];
export const surveyParamsSchema = z.object({ surveyId: z.coerce.number().int().min(1).max(2_147_483_647) });
/** `?version=N` of a survey's results and CSV; without it, the current version. */
export const surveyResultsQuerySchema = z.object({ version: z.coerce.number({ error: 'Give a version number' }).int('Give a version number').min(1, 'Give a version number').max(2_147_483_647).optional() });

/** `GET /admin/payroll.csv?since=YYYY-MM-DD` (HR, after a second factor): new starters for payroll. */
export const payrollQuerySchema = z.object({ since: z.iso.date('Give a date as YYYY-MM-DD') });

/** A file sent from the console: its name and its bytes as a base64 data URL (as uploads are). */
export const consoleFileSchema = z.object({
  filename: z.string().trim().min(1).max(200),
  file_data: z.string().max(14_000_000),
});

/** A body naming its template once: an uploaded file or a stored template's id, not both, not neither. */
const oneTemplate = (body: { template?: unknown; template_id?: unknown }) => (body.template === undefined) !== (body.template_id === undefined);
const ONE_TEMPLATE = { message: 'Choose a stored template or upload a file: one of the two.', path: ['template_id'] };

/** `POST /admin/documents` (docs/product.md#console-documents): one template to one or many people. */
export const issueDocumentsBodySchema = z
  .object({
    kind: z.enum(['contract', 'agreement']),
    staff_ids: z.array(z.uuid()).min(1, 'Choose at least one person').max(200),
    /** An uploaded template, or `template_id`, a stored one (docs/product.md#document-templates): exactly one. */
    template: consoleFileSchema.optional(),
    template_id: z.uuid().optional(),
    title: z.string().trim().max(200).optional(),
  })
  .refine(oneTemplate, ONE_TEMPLATE);
export type IssueDocumentsBody = z.input<typeof issueDocumentsBodySchema>;
export const issueDocumentsAnswerSchema = z.object({
  data: z.array(z.object({ staff_id: z.string(), document_id: z.string(), link: z.string(), mail_problem: z.object({ reason: z.string(), will_retry: z.boolean() }).nullable() })),
});
/** `POST /admin/documents/preview`: what the template (uploaded, or stored by `template_id`) would show one person. */
export const previewDocumentBodySchema = z
  .object({
    kind: z.enum(['contract', 'agreement']),
    staff_id: z.uuid(),
    template: consoleFileSchema.optional(),
    template_id: z.uuid().optional(),
    title: z.string().trim().max(200).optional(),
  })
  .refine(oneTemplate, ONE_TEMPLATE);
export type PreviewDocumentBody = z.input<typeof previewDocumentBodySchema>;
/**
 * A preview: the merged, sanitised HTML exactly as the person will see it, or for a PDF `html` null and,
 * for a stored one, `pdf_uri`, a signed inline address (5 minutes) of the PDF sent as it is.
 */
export const previewDocumentAnswerSchema = z.object({ data: z.object({ title: z.string(), html: z.string().nullable(), pdf_uri: z.string().nullable() }) });
export type DocumentPreview = z.infer<typeof previewDocumentAnswerSchema>['data'];

/** `POST /admin/fieldsets` and `POST /admin/surveys` (HR): a YAML or JSON file, validated as the CLI does. */
export const importFileBodySchema = z.object({ filename: z.string().trim().min(1).max(200), content: z.string().max(1_000_000) });
export const importSurveyBodySchema = importFileBodySchema.extend({ id: z.number().int().min(1).max(2_147_483_647).optional() });
export const importAnswerSchema = z.object({ data: z.object({ id: z.union([z.string(), z.number()]), created: z.boolean() }) });
/** `POST /admin/surveys`: the survey's id, whether it is new, and the version the file became. */
export const importSurveyAnswerSchema = z.object({ data: z.object({ id: z.number(), created: z.boolean(), version: z.number() }) });
export type ImportSurveyAnswer = z.infer<typeof importSurveyAnswerSchema>;

/** `POST /admin/people`: add someone who signs in through the group's provider (no onboarding), as `create-staff` does. */
export const addPersonBodySchema = z.object({
  forename: z.string().trim().min(1, 'Enter their first name').max(100),
  surname: z.string().trim().min(1, 'Enter their last name').max(100),
  email: z.email('Enter an email address like name@example.com').max(254),
  venue_id: z.uuid('Choose a venue'),
  position: z.string().trim().max(100).optional(),
  start_date: z.iso.date('Enter a date as YYYY-MM-DD').optional(),
});

/** A position (job title) the invite and add-person forms offer (docs/product.md#set-up); `staff.position` stays text. */
export const consolePositionSchema = z.object({ id: z.string(), name: z.string(), archived: z.boolean(), created_at: z.string() });
export type ConsolePosition = z.infer<typeof consolePositionSchema>;
export const positionsAnswerSchema = z.object({ data: z.array(consolePositionSchema) });
export const positionAnswerSchema = z.object({ data: consolePositionSchema });
export const positionParamsSchema = z.object({ positionId: z.string().max(64) });
/** `POST /admin/positions` (HR): a new position. */
export const addPositionBodySchema = z.object({ name: z.string().trim().min(1, 'Enter the position’s name').max(100) });
export type AddPositionBody = z.input<typeof addPositionBodySchema>;
/** `POST /admin/positions/:positionId` (HR): rename, archive or bring back. */
export const updatePositionBodySchema = z.object({
  name: z.string().trim().min(1, 'Enter the position’s name').max(100).optional(),
  archived: z.boolean().optional(),
});
export type UpdatePositionBody = z.input<typeof updatePositionBodySchema>;

/** An onboarding fieldset in the console's list (docs/product.md#set-up): its name and how many fields. */
export const consoleFieldsetSchema = z.object({ id: z.string(), name: z.string(), fields: z.number(), created_at: z.string(), updated_at: z.string() });
export type ConsoleFieldset = z.infer<typeof consoleFieldsetSchema>;
export const fieldsetsAnswerSchema = z.object({ data: z.array(consoleFieldsetSchema) });
export const fieldsetParamsSchema = z.object({ fieldsetId: z.string().max(64) });
/** `GET /admin/fieldsets/:fieldsetId`: the field definitions, to preview the form as the joiner sees it. */
export const fieldsetAnswerSchema = z.object({
  data: z.object({ id: z.string(), name: z.string(), fields: z.array(fieldDefinitionSchema), created_at: z.string(), updated_at: z.string() }),
});
export type ConsoleFieldsetDetail = z.infer<typeof fieldsetAnswerSchema>['data'];

/** A stored contract or agreement template (docs/product.md#document-templates). */
export const documentTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['contract', 'agreement']),
  /** `html`: merge fields filled in for each person; `pdf`: sent as it is. */
  type: z.enum(['html', 'pdf']),
  filename: z.string(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  archived_at: z.string().nullable(),
});
export type DocumentTemplate = z.infer<typeof documentTemplateSchema>;
/** `GET /admin/templates?archived=true` adds the archived ones (HR). */
export const templatesQuerySchema = z.object({ archived: z.enum(['true', 'false']).default('false') });
export const templatesAnswerSchema = z.object({ data: z.array(documentTemplateSchema) });
export const templateAnswerSchema = z.object({ data: documentTemplateSchema });
export const templateParamsSchema = z.object({ templateId: z.string().max(64) });
/** `POST /admin/templates` (HR): a name, the kind, and the `.html` or `.pdf` file. */
export const uploadTemplateBodySchema = z.object({
  name: z.string().trim().min(1, 'Enter a name for the template').max(100),
  kind: z.enum(['contract', 'agreement']),
  template: consoleFileSchema,
});
export type UploadTemplateBody = z.input<typeof uploadTemplateBodySchema>;
/** `POST /admin/templates/:templateId/preview`: the template as the chosen person will see it. */
export const previewTemplateBodySchema = z.object({ staff_id: z.uuid('Choose a person') });

/** Where an issued document stands (docs/product.md#console-documents). */
export const DOCUMENT_STATUSES = ['unsigned', 'signed', 'expired'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
/** `GET /admin/documents`: issued documents within the scope, newest first, filtered, searched and paged. */
export const documentsQuerySchema = z.object({
  status: z.enum(DOCUMENT_STATUSES).optional(),
  /** Over the person's name and email and the document's title. */
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});
export type DocumentsQuery = z.input<typeof documentsQuerySchema>;
export const consoleDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(['contract', 'agreement']),
  title: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  person: z.object({ id: z.string(), name: z.string(), venue: z.string().nullable() }),
  issued_at: z.string(),
  signed_at: z.string().nullable(),
  /** When its own link stops working; null for the contract signed inside onboarding. */
  expires_at: z.string().nullable(),
  /** For a signed one, the address of the signed PDF with its certificate page (the evidence); else null. */
  signed_pdf: z.string().nullable(),
});
export type ConsoleDocument = z.infer<typeof consoleDocumentSchema>;
export const documentsAnswerSchema = z.object({
  data: z.array(consoleDocumentSchema),
  meta: z.object({ page: z.number(), per_page: z.number(), total: z.number() }),
});
export type DocumentsAnswer = z.infer<typeof documentsAnswerSchema>;
export const documentParamsSchema = z.object({ documentId: z.string().max(64) });
