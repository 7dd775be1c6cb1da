/**
 * The database schema (PostgreSQL dialect; PGlite embedded, PostgreSQL in production).
 * Migrations are generated from this file with `npm run db:generate` and committed under `drizzle/`.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { FieldDefinition, FieldValue, OnboardingStep } from '@shared/api/onboarding.js';
import type { SurveyQuestion } from '@shared/api/surveys.js';
import type { ConsoleRole } from '@shared/api/console/shared.js';
import type { LeavingReason } from '@shared/leavers.js';
import type { Language } from '@shared/languages.js';
import type { IdspDocument, RightToWorkKind } from '@shared/right-to-work.js';
import type { ReminderKind } from '@shared/reminders.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const venues = pgTable(
  'venues',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Brand id from src/shared/brands.ts. */
    brand: text('brand').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** Set when HR archives the venue (docs/product.md#set-up): no one new joins it; its people and history stay. */
    archivedAt: ts('archived_at'),
  },
  (t) => [uniqueIndex('venues_name_key').on(t.name)],
);

export const staff = pgTable(
  'staff',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    forename: text('forename').notNull(),
    surname: text('surname').notNull(),
    knownAs: text('known_as'),
    /** Stored lower-cased: sign-in and lookups are case-insensitive. */
    emailAddress: text('email_address').notNull(),
    mobile: text('mobile'),
    nokName: text('nok_name'),
    nokPhone: text('nok_phone'),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    addressLine3: text('address_line3'),
    addressCounty: text('address_county'),
    addressPostalCode: text('address_postal_code'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    venueId: uuid('venue_id').references(() => venues.id),
    position: text('position'),
    startDate: date('start_date', { mode: 'string' }),
    showAudit: boolean('show_audit').notNull().default(false),
    initialTrainingComplete: boolean('initial_training_complete').notNull().default(false),
    qolLink: text('qol_link'),
    onboardComplete: boolean('onboard_complete').notNull().default(false),
    /** argon2id PHC string; null until the joiner sets a password. */
    passwordHash: text('password_hash'),
    /** `issuer|sub` of an external OpenID provider this member signed in with. */
    externalSubject: text('external_subject'),
    /** Bank account number, AES-256-GCM sealed (lib/field-crypto.ts); never stored plain. */
    bankAccountSealed: text('bank_account_sealed'),
    /** Sort code, sealed the same way. */
    sortCodeSealed: text('sort_code_sealed'),
    /** Last 4 digits of the account and last 2 of the sort code, to show masked without decrypting. */
    bankAccountLast4: text('bank_account_last4'),
    sortCodeLast2: text('sort_code_last2'),
    /** Short number printed in the team-discount code (the code carries it, so tills need no lookup to check it). */
    staffNumber: serial('staff_number').notNull(),
    /**
     * A console role besides being staff (docs/product.md#console-roles): `hr` (group-wide) or `manager`
     * (the venues in venue_managers); null for staff only.
     */
    role: text('role').$type<ConsoleRole>(),
    /** The profile picture (docs/product.md#my-details): set once by the member, removed only by HR (`selfie reset`). */
    selfieFileId: uuid('selfie_file_id').references((): AnyPgColumn => files.id, { onDelete: 'set null' }),
    /** The payroll system's own id for the person; an import matches on it before the email address. */
    payrollId: text('payroll_id'),
    /** National Insurance number, sealed like the bank details; set by an import (a joiner's is in their answers). */
    niNumberSealed: text('ni_number_sealed'),
    /** The last working day of a leaver (docs/product.md#leavers), a UK calendar date; null while employed. */
    leavingDate: date('leaving_date', { mode: 'string' }),
    /** Why they left: `resigned`, `end_of_contract`, `dismissed` or `other`; set with `leaving_date`. */
    leavingReason: text('leaving_reason').$type<LeavingReason>(),
    /**
     * When access ends: the end of `leaving_date` in Europe/London, or the moment HR chose "leave now".
     * Sessions, sign-in, links and the till check compare it with the clock, so it needs no job to take effect.
     */
    accessEndsAt: ts('access_ends_at'),
    /**
     * Whether the person may be leaving, for the console's leaving filter: true from the recording of a
     * leaving whose access ends in the future (or at once, "leave now") until the first clean-up round
     * after access ended (modules/housekeeping/service.ts), so always a superset of who is leaving, and
     * at most an hour's leavers more. The people list's `status=leaving` reads its partial index
     * (`is_leaving and access_ends_at > now`); the rules of access NEVER read it, they compare
     * `access_ends_at` with the clock (docs/decisions/0046-leavers-access-ends-by-the-clock.md,
     * docs/decisions/0072-leaving-flag-for-the-console.md).
     */
    isLeaving: boolean('is_leaving').notNull().default(false),
    /**
     * The language the member reads the staff side in (@shared/languages: `pl`, `ro`, `es`, `pt`);
     * null for English, the default (docs/decisions/0069-member-language.md).
     */
    language: text('language').$type<Language>(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_email_address_key').on(t.emailAddress),
    uniqueIndex('staff_external_subject_key').on(t.externalSubject),
    uniqueIndex('staff_staff_number_key').on(t.staffNumber),
    uniqueIndex('staff_payroll_id_key').on(t.payrollId),
    // Every foreign key has an index (docs/architecture.md#data-and-files): deleting a venue or a file
    // then finds the rows that point at it without reading the whole table.
    index('staff_venue_id_idx').on(t.venueId),
    index('staff_selfie_file_id_idx').on(t.selfieFileId),
    // The console's people list, read in its sort orders a page at a time (docs/performance.md#scale-100000-staff);
    // the id last, as the list's tie-break. Its searches use trigram indexes made in SQL (drizzle/0024_console-search-and-survey-counts.sql).
    index('staff_surname_forename_id_idx').on(t.surname, t.forename, t.id),
    index('staff_start_date_surname_id_idx').on(t.startDate, t.surname, t.id),
    index('staff_position_surname_id_idx').on(t.position, t.surname, t.id),
    // By venue, the name is the venues table's: a page is read venue by venue in name order, each
    // venue's people in this order (docs/decisions/0065-people-keyset-paging.md).
    index('staff_venue_id_surname_id_idx').on(t.venueId, t.surname, t.id),
    // Who is current, leaving or has left: a range of `access_ends_at` (docs/product.md#leavers).
    index('staff_access_ends_at_idx').on(t.accessEndsAt),
    // The few people leaving (and those who left since the last clean-up round), in name order, with the
    // access end last so that `access_ends_at > now` is tested in the index: the leaving filter's page
    // stops after its 25 and its total counts from here, however many leavers the years have kept
    // (docs/decisions/0072-leaving-flag-for-the-console.md). Drizzle has no INCLUDE, so it is a key column;
    // after the unique id it changes no order.
    index('staff_leaving_surname_forename_id_idx')
      .on(t.surname, t.forename, t.id, t.accessEndsAt)
      .where(sql`${t.isLeaving}`),
    // An email search that crosses the `@` needs addresses whose local part ends with the text before it:
    // reversed, that is a prefix, one short range of this index, where the local part's trigrams
    // (`sta`, `taf`... of `staff<n>`, shared by a group's addresses) read long posting lists
    // (docs/decisions/0070-console-searches-read-once.md). The expression is exactly the
    // search's (modules/console/shared/person-search.ts); `text_pattern_ops` serves LIKE's prefix in any collation.
    index('staff_email_local_part_reversed_idx').using(
      'btree',
      sql`reverse(lower(split_part(${t.emailAddress}, '@', 1))) text_pattern_ops`,
    ),
  ],
);

/** The venues a venue manager manages (docs/product.md#console-roles): what their console shows and changes. */
export const venueManagers = pgTable(
  'venue_managers',
  {
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    venueId: uuid('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.venueId] }), index('venue_managers_venue_id_idx').on(t.venueId)],
);

/** Server-side sessions (OWASP ASVS 5.0 §7). The cookie carries a random token; only its SHA-256 is kept. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    /** createdAt + absolute timeout. */
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    /**
     * When a second factor moved the session to a new id (revokedAt is then set too): for a few
     * seconds the old id still counts, for the requests already on their way with it (plugins/session.ts).
     */
    replacedAt: ts('replaced_at'),
    /** Last time the session passed a second factor (step-up). */
    steppedUpAt: ts('stepped_up_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /**
     * An external provider's ID token for this sign-in, sealed (lib/field-crypto.ts): the `id_token_hint`
     * its end-session endpoint takes at sign-out (docs/product.md#sessions); null on the embedded provider.
     */
    idTokenSealed: text('id_token_sealed'),
  },
  (t) => [index('sessions_staff_id_idx').on(t.staffId)],
);

/**
 * Rate-limit counters shared by every instance on one PostgreSQL (rate-limiter-flexible's Drizzle
 * store: one row per limit and key, `points` used until `expire`). The embedded default keeps them in
 * memory instead (lib/rate-limits.ts).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull().default(0),
    expire: ts('expire'),
  },
  // The sweep deletes rows by expiry (lib/rate-limits.ts).
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
);

/**
 * The delivery queue (lib/delivery-queue.ts): every mail and text message, written in the transaction of
 * the change that causes it and sent by a worker with retries. `body` is the message sealed
 * (lib/field-crypto.ts: it may carry a link token or a code) and cleared once sent or given up.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `mail` or `sms`. */
    channel: text('channel').$type<'mail' | 'sms'>().notNull(),
    /** What it is for (`invitation`, `two-factor-code`…), for logs and HR. */
    purpose: text('purpose').notNull(),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'cascade' }),
    body: text('body'),
    attempts: integer('attempts').notNull().default(0),
    /** At most this many tries; a two-factor code gets one (it is useless late). */
    maxAttempts: integer('max_attempts').notNull(),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    /** A worker that claimed the delivery owns it until then; after, another may (a crash mid-send). */
    leaseUntil: ts('lease_until'),
    /** Not sent after this (a code's expiry); null for mail that is worth sending late. */
    expiresAt: ts('expires_at'),
    lastError: text('last_error'),
    sentAt: ts('sent_at'),
    gaveUpAt: ts('gave_up_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    // The worker's scan: only what is still to send.
    index('deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.gaveUpAt} is null`),
    index('deliveries_staff_id_idx').on(t.staffId),
  ],
);

/** Relying-party sign-in attempts: state (hashed), PKCE verifier and nonce, single use, 10 minutes. */
export const authRequests = pgTable(
  'auth_requests',
  {
    stateHash: text('state_hash').primaryKey(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    /**
     * SHA-256 of the sign-in cookie of the browser that started the attempt (RFC 9700 §4.7): only that
     * browser can complete it. Null on attempts started before the column existed, which never complete.
     */
    browserHash: text('browser_hash'),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
  },
  // Every sign-in first deletes the expired attempts (auth/service.ts): found by this, not by reading them all.
  (t) => [index('auth_requests_expires_at_idx').on(t.expiresAt)],
);

/** Storage of the embedded OpenID provider (oidc-provider adapter): one row per model instance. */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    id: text('id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: ts('expires_at'),
    consumedAt: ts('consumed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.type] }),
    index('oidc_payloads_grant_id_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_user_code_idx').on(t.userCode),
    index('oidc_payloads_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * Append-only audit log: personal-data changes, signatures, sign-ins, step-ups. It outlives the people it
 * names (docs/product.md#retention): `staff_id` is no foreign key, so a line keeps the id of a person
 * whose record was erased, and the erasure replaces their personal values in `details` by that id.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: ts('at').notNull().defaultNow(),
    staffId: uuid('staff_id'),
    /** Who acted: `staff:<id>`, `admin-cli`, `system`. */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    details: jsonb('details')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    ip: text('ip'),
  },
  (t) => [
    index('audit_events_staff_id_at_idx').on(t.staffId, t.at),
    // The lines a person wrote as the actor, which lose their address when the person is erased.
    index('audit_events_actor_idx').on(t.actor),
    // The retention job (modules/housekeeping/retention.ts): payroll exports, which end a leaver's bank
    // details, and sign-in history past its period, each found without reading the whole log.
    index('audit_events_payroll_exported_at_idx')
      .on(t.at)
      .where(sql`${t.action} = 'payroll.exported'`),
    index('audit_events_sign_in_at_idx')
      .on(t.at)
      .where(sql`${t.action} like 'sign-in.%'`),
  ],
);

/**
 * A member's set-your-password link (docs/product.md#password-links): one live link per member, so
 * issuing a new one replaces the last; only the token's SHA-256 is kept; the row goes when the
 * password is set.
 */
export const passwordLinks = pgTable(
  'password_links',
  {
    staffId: uuid('staff_id')
      .primaryKey()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_links_token_hash_key').on(t.tokenHash)],
);

/** Onboarding fieldsets imported by HR (`fieldset import`): field definitions of docs/product.md#onboarding. */
export const fieldsets = pgTable(
  'fieldsets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    fields: jsonb('fields').$type<FieldDefinition[]>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('fieldsets_name_key').on(t.name)],
);

/** Stored files (docs/architecture.md#data-and-files): metadata here, bytes in the file storage under `storageKey`. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The staff member the file belongs to; only they (or HR) may read it. */
    ownerStaffId: uuid('owner_staff_id').references(() => staff.id, { onDelete: 'cascade' }),
    /** What the file is for: onboarding, template, signature, signed, ... */
    bucket: text('bucket').notNull(),
    originalFilename: text('original_filename').notNull(),
    /** Sniffed from the bytes, never taken from the name or the client. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('files_owner_staff_id_idx').on(t.ownerStaffId)],
);

/**
 * Contracts and agreements to sign (docs/product.md#documents). The document shown is immutable
 * once issued: the sanitised HTML or the PDF file, and its SHA-256 is the evidence of what was signed.
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<'contract' | 'agreement'>().notNull(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** SHA-256 of the link token; null for the contract signed inside onboarding (its token is the onboarding's). */
    tokenHash: text('token_hash'),
    expiresAt: ts('expires_at'),
    /** Sanitised, merged HTML (HTML templates). */
    html: text('html'),
    /** The PDF to sign (PDF templates). */
    sourceFileId: uuid('source_file_id').references(() => files.id),
    /** SHA-256 (hex) of exactly what is shown: the HTML's UTF-8 bytes or the PDF's bytes. */
    documentSha256: text('document_sha256').notNull(),
    signedAt: ts('signed_at'),
    signatureFileId: uuid('signature_file_id').references(() => files.id),
    signedFileId: uuid('signed_file_id').references(() => files.id),
    signerIp: text('signer_ip'),
    signerUserAgent: text('signer_user_agent'),
    /** Who issued it, as the audit log names an actor (`staff:<id>`, `admin-cli`); null before this was kept. */
    issuedBy: text('issued_by'),
    /**
     * The delivery that carried its link (its own, or the onboarding invitation for the onboarding
     * contract): the mail's `Message-ID` is made from it. No foreign key: sent deliveries are deleted
     * after 30 days, and the id stays as evidence.
     */
    linkDeliveryId: uuid('link_delivery_id'),
    /** When, from where and in which browser the signer first opened it (the signing certificate's history). */
    firstOpenedAt: ts('first_opened_at'),
    firstOpenedIp: text('first_opened_ip'),
    firstOpenedUserAgent: text('first_opened_user_agent'),
    /**
     * The certificate whose PAdES signature seals the signed PDF; null for a document signed before
     * signed PDFs were sealed (docs/architecture.md#signature-evidence-and-signed-pdfs).
     */
    sealCertificateId: uuid('seal_certificate_id').references(() => signingCertificates.id),
    /** The time-stamping authority asked for the seal's trusted time (TSA_URL), when one was configured. */
    sealTimestampAuthority: text('seal_timestamp_authority'),
    /** The authority's time in the seal's timestamp token; null when it gave none (or none was asked). */
    sealTimestampAt: ts('seal_timestamp_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('documents_token_hash_key').on(t.tokenHash),
    // HR's zip of a venue's documents signed in a period.
    index('documents_signed_at_idx')
      .on(t.signedAt)
      .where(sql`signed_at is not null`),
    index('documents_seal_certificate_id_idx').on(t.sealCertificateId),
    index('documents_staff_id_idx').on(t.staffId),
    // The console's documents list, newest first, and its unsigned ones (docs/performance.md#scale-100000-staff).
    index('documents_created_at_id_idx').on(t.createdAt, t.id),
    index('documents_unsigned_created_at_id_idx')
      .on(t.createdAt, t.id)
      .where(sql`signed_at is null`),
    index('documents_source_file_id_idx').on(t.sourceFileId),
    index('documents_signature_file_id_idx').on(t.signatureFileId),
    index('documents_signed_file_id_idx').on(t.signedFileId),
  ],
);

/**
 * Every certificate signed PDFs have been sealed with (docs/architecture.md#signature-evidence-and-signed-pdfs):
 * the one generated at first start on the embedded default, its private key sealed, and each one a
 * configured PKCS#12 file has brought, without its key. Rows are never deleted: they are how a sealed
 * document is recognised as this Staffroom's.
 */
export const signingCertificates = pgTable(
  'signing_certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `generated`: made here, key sealed below; `configured`: from the PKCS#12 file, key kept there. */
    source: text('source').$type<'generated' | 'configured'>().notNull(),
    /** The signing certificate, DER in base64. */
    certificate: text('certificate').notNull(),
    /** The certificates above it (DER in base64), nearest first: the group's authority last. */
    chain: jsonb('chain').$type<string[]>().notNull(),
    /** SHA-256 (hex) of the certificate's DER. */
    sha256: text('sha256').notNull(),
    /** The PKCS#8 private key (base64), sealed; generated certificates only. */
    privateKeySealed: text('private_key_sealed'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('signing_certificates_sha256_key').on(t.sha256),
    // One generated certificate: instances starting at once keep the first one written.
    uniqueIndex('signing_certificates_one_generated_key')
      .on(t.source)
      .where(sql`source = 'generated'`),
  ],
);

/** A joiner's self-service onboarding (docs/product.md#onboarding): one per staff member, reached by its link token. */
export const onboardings = pgTable(
  'onboardings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    step: text('step').$type<OnboardingStep>().notNull().default('details'),
    fieldsetId: uuid('fieldset_id')
      .notNull()
      .references(() => fieldsets.id),
    /** A copy of the fieldset's fields when invited, so later edits of the fieldset do not change a form in progress. */
    fields: jsonb('fields').$type<FieldDefinition[]>().notNull(),
    /**
     * The uploads among the saved answers (right-to-work documents), as the form keeps them: what the
     * `files` rows already hold in plain, kept here for the clean-up and for an earlier version.
     * Such a build kept every answer here in plain JSON; a start seals those rows (the index below
     * finds them) and so does the hourly clean-up (modules/onboarding/sealed-answers.ts).
     */
    answers: jsonb('answers')
      .$type<Record<string, FieldValue>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /**
     * Every answer saved by Continue, sealed as one JSON object (lib/field-crypto.ts, context
     * `onboarding-answers:<onboarding id>`), so the NI number and the rest are encrypted at rest, as a
     * draft's are (docs/decisions/0036-saved-onboarding-answers-sealed.md). Null until the details are saved.
     */
    answersSealed: text('answers_sealed'),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => documents.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    uniqueIndex('onboardings_token_hash_key').on(t.tokenHash),
    uniqueIndex('onboardings_staff_id_key').on(t.staffId),
    // The joiners board: those still onboarding, and those who finished lately, without reading everyone who ever joined.
    index('onboardings_unfinished_updated_at_idx')
      .on(t.updatedAt)
      .where(sql`step <> 'complete'`),
    index('onboardings_completed_at_idx').on(t.completedAt),
    index('onboardings_fieldset_id_idx').on(t.fieldsetId),
    index('onboardings_contract_id_idx').on(t.contractId),
    // Finds the rows an earlier version (before migration 0018) saved in plain JSON; empty once they are sealed.
    index('onboardings_plain_answers_idx')
      .on(t.id)
      .where(sql`${t.answersSealed} is null and ${t.answers} <> '{}'::jsonb`),
  ],
);

/**
 * The details form as the joiner types it, one draft per onboarding, kept until Continue saves the
 * details, the link is sent again or it expires (docs/decisions/0018-onboarding-drafts.md). The whole
 * answers object is sealed (lib/field-crypto.ts, context `onboarding-draft:<onboarding id>`), so every
 * answer, NI number and bank details included, is encrypted at rest.
 */
export const onboardingDrafts = pgTable('onboarding_drafts', {
  onboardingId: uuid('onboarding_id')
    .primaryKey()
    .references(() => onboardings.id, { onDelete: 'cascade' }),
  answersSealed: text('answers_sealed').notNull(),
  /** The saving page's counter: a save older than the one kept changes nothing. */
  revision: integer('revision').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * Second-factor methods (docs/product.md#two-factor): type 1 email code, 2 SMS code, 3 TOTP app.
 * Email and SMS methods use the member's current address and mobile; an authenticator keeps its
 * sealed secret and the last accepted time step (a code is never accepted twice).
 */
export const tfaMethods = pgTable(
  'tfa_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    type: integer('type').notNull(),
    /** TOTP secret (base32), sealed; null for email and SMS. */
    secretSealed: text('secret_sealed'),
    setupComplete: boolean('setup_complete').notNull().default(true),
    deleted: boolean('deleted').notNull().default(false),
    lastTimeStep: integer('last_time_step'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('tfa_methods_staff_id_idx').on(t.staffId),
    // One email and one text method per member (created on first use, possibly by parallel calls).
    uniqueIndex('tfa_methods_staff_id_type_key')
      .on(t.staffId, t.type)
      .where(sql`type in (1, 2)`),
  ],
);

/** A step-up in progress: one code, for one session, 10 minutes, 5 tries, used once. */
export const tfaChallenges = pgTable(
  'tfa_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    methodId: uuid('method_id')
      .notNull()
      .references(() => tfaMethods.id, { onDelete: 'cascade' }),
    /** The session that asked; only it may verify. */
    sessionTokenHash: text('session_token_hash').notNull(),
    /** HMAC of the code under the app secret (null for authenticator challenges). */
    codeHash: text('code_hash'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('tfa_challenges_staff_id_created_at_idx').on(t.staffId, t.createdAt),
    index('tfa_challenges_session_token_hash_idx').on(t.sessionTokenHash),
    index('tfa_challenges_method_id_idx').on(t.methodId),
    // The clean-up removes expired ones by this.
    index('tfa_challenges_expires_at_idx').on(t.expiresAt),
  ],
);

/** API keys of venue tills that check team-discount codes (`till-key create`); only hashes are kept. */
export const tillKeys = pgTable(
  'till_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    venueId: uuid('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [uniqueIndex('till_keys_key_hash_key').on(t.keyHash), index('till_keys_venue_id_idx').on(t.venueId)],
);

/**
 * A member's vehicle for mileage claims (docs/product.md#vehicles): details and MOT from the vehicle lookup,
 * and the current insurance document with its approval state (docs/product.md#vehicles: pending, approved, rejected).
 */
export const vehicles = pgTable(
  'vehicles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    /** Upper case, no spaces (docs/product.md#vehicles). */
    registration: text('registration').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    colour: text('colour').notNull(),
    fuelType: text('fuel_type').notNull(),
    motDateCompleted: date('mot_date_completed', { mode: 'string' }),
    motExpiryDate: date('mot_expiry_date', { mode: 'string' }),
    /** Null when the lookup found no MOT. */
    motPassed: boolean('mot_passed'),
    insuranceFileId: uuid('insurance_file_id').references(() => files.id),
    insuranceApprovedBy: text('insurance_approved_by'),
    insuranceApprovalError: text('insurance_approval_error'),
    insuranceProcessingError: text('insurance_processing_error'),
    insuranceUpdatedAt: ts('insurance_updated_at'),
    /**
     * The last day of cover (a UK date) HR read on the certificate when approving it; null while the
     * document is pending or rejected, and for documents approved before the date was asked for, which are
     * never reminded of (docs/product.md#reminders).
     */
    insuranceCoverEnds: date('insurance_cover_ends', { mode: 'string' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vehicles_staff_id_registration_key').on(t.staffId, t.registration),
    index('vehicles_insurance_file_id_idx').on(t.insuranceFileId),
    // `insurance list` (vehicles/service.ts listPendingInsurance): only the documents waiting for HR,
    // oldest first, so the list costs what it shows, not the number of vehicles ever approved.
    index('vehicles_insurance_pending_idx')
      .on(t.insuranceUpdatedAt)
      .where(sql`insurance_file_id is not null and insurance_approved_by is null and insurance_approval_error is null`),
    // The insurance reminder's sweep (reminders/service.ts): only approved cover with a date, by that date.
    index('vehicles_insurance_cover_ends_idx')
      .on(t.insuranceCoverEnds)
      .where(sql`insurance_cover_ends is not null`),
  ],
);

/** Staff surveys (docs/product.md#surveys), imported by HR (`survey import`); the id is the one in /survey/<id>. */
export const surveys = pgTable('surveys', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  questions: jsonb('questions').$type<SurveyQuestion[]>().notNull(),
  /**
   * The current (newest) version, whose name and questions are the two columns above; earlier ones
   * are kept in `survey_versions` (docs/product.md#console-surveys, docs/decisions/0020-survey-versions.md).
   */
  version: integer('version').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** One member's answers to a survey (docs/product.md#surveys), as validated against its questions. */
export const surveySubmissions = pgTable(
  'survey_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    /** Answers by question id. */
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
    /** The survey version answered (docs/product.md#console-surveys): its results count only there. */
    version: integer('version').notNull().default(1),
    submittedAt: ts('submitted_at').notNull().defaultNow(),
  },
  (t) => [
    // The export's keyset (surveys/service.ts exportSurveyResults): each batch of one version starts where the last ended.
    index('survey_submissions_survey_id_version_submitted_at_id_idx').on(t.surveyId, t.version, t.submittedAt, t.id),
    index('survey_submissions_staff_id_idx').on(t.staffId),
  ],
);

/**
 * Row counts the console shows as totals, kept by triggers on `staff` and `documents` in each change's
 * own transaction (drizzle/0024_console-search-and-survey-counts.sql, docs/decisions/0050-console-at-scale.md),
 * so a list's total costs one look-up at any number of people rather than a count of them all. Keys:
 * `staff`, `staff:venue:<venue id>` (`staff:venue:none` for people of no venue), the same two for the
 * current people (no access end recorded) as `staff:current` and `staff:current:venue:<venue id>`
 * (drizzle/0037_console-current-count.sql), `documents`, `documents:signed`.
 */
export const rowCounts = pgTable('row_counts', {
  key: text('key').primaryKey(),
  n: integer('n').notNull(),
});

/**
 * How many answers each survey version has, in all and per question and option (docs/decisions/0050-console-at-scale.md):
 * kept by triggers on `survey_submissions` in the submission's own transaction
 * (drizzle/0024_console-search-and-survey-counts.sql), so HR's results and survey list read these few rows
 * instead of every answer. `question_id` '' with `answer` '' is the number of submissions; a question's
 * row with `answer` '' the number who answered it (a value neither null nor empty); its other rows, for
 * the questions counted by option (`bars`, `radio`, `select`, `select2`, `locations`), the number
 * who gave each value (the answer as text, as `->>` reads it).
 */
export const surveyAnswerCounts = pgTable(
  'survey_answer_counts',
  {
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    questionId: text('question_id').notNull(),
    answer: text('answer').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.surveyId, t.version, t.questionId, t.answer] })],
);

/**
 * A survey's earlier versions (docs/product.md#console-surveys): when HR imports a new version, the
 * current name and questions are copied here before `surveys` takes the new ones, so answers given
 * to an earlier version are still read against the questions they answered.
 */
export const surveyVersions = pgTable(
  'survey_versions',
  {
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    questions: jsonb('questions').$type<SurveyQuestion[]>().notNull(),
    /** When this version became current. */
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.surveyId, t.version] })],
);

/**
 * Positions (job titles) HR keeps in the console (docs/product.md#set-up): the list the invite and
 * add-person forms offer. `staff.position` stays text, so archiving or renaming one changes no one's
 * record. A name is unique among the active ones, whatever its case.
 */
export const positions = pgTable(
  'positions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** Set when HR archives it: no longer offered; an archived name may be used again. */
    archivedAt: ts('archived_at'),
  },
  (t) => [
    uniqueIndex('positions_active_name_key')
      .on(sql`lower(${t.name})`)
      .where(sql`${t.archivedAt} is null`),
  ],
);

/**
 * Contract and agreement templates HR keeps in the console (docs/product.md#document-templates): the
 * HTML as uploaded (merge fields and all; sanitised at every merge, exactly as an uploaded template
 * is) or a PDF in the file storage, sent as it is. Archived ones are no longer offered; what was
 * issued from them keeps its own copy. A name is unique among the active ones of a kind, whatever its case.
 */
export const documentTemplates = pgTable(
  'document_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    kind: text('kind').$type<'contract' | 'agreement'>().notNull(),
    /** The file name uploaded (`.html` or `.pdf`): which of the two it is. */
    filename: text('filename').notNull(),
    /** HTML templates: the text as uploaded. */
    html: text('html'),
    /** PDF templates: the stored PDF. */
    fileId: uuid('file_id').references(() => files.id),
    createdBy: uuid('created_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    archivedAt: ts('archived_at'),
  },
  (t) => [
    uniqueIndex('document_templates_active_name_key')
      .on(t.kind, sql`lower(${t.name})`)
      .where(sql`${t.archivedAt} is null`),
    index('document_templates_file_id_idx').on(t.fileId),
    index('document_templates_created_by_idx').on(t.createdBy),
  ],
);

/**
 * Right-to-work checks (docs/product.md#right-to-work-records, docs/decisions/0048-right-to-work-records.md):
 * one row per check HR made, a follow-up check being another row. `current` marks each person's latest
 * check (one at most, by the partial unique index), so the right-to-work view reads only the rows it
 * shows: the expiring and expired lists walk the index on the current checks' expiry dates.
 */
export const rightToWorkChecks = pgTable(
  'right_to_work_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<RightToWorkKind>().notNull(),
    /** The Home Office share code of an online check, sealed (lib/field-crypto.ts, context `right-to-work:<id>`). */
    shareCodeSealed: text('share_code_sealed'),
    /** The passport an identity service provider checked (British or Irish only). */
    idspDocument: text('idsp_document').$type<IdspDocument>(),
    /** The UK date the check was made. */
    checkedOn: date('checked_on', { mode: 'string' }).notNull(),
    /** The HR user who made it. */
    checkedBy: uuid('checked_by').references(() => staff.id, { onDelete: 'set null' }),
    /** The last day of time-limited permission; null for permission without a time limit. */
    permissionExpiresOn: date('permission_expires_on', { mode: 'string' }),
    /** When the follow-up check is due (on or before the permission's expiry); null without a time limit. */
    followUpOn: date('follow_up_on', { mode: 'string' }),
    /** The person's latest check. */
    current: boolean('current').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('right_to_work_checks_staff_id_idx').on(t.staffId, t.checkedOn),
    index('right_to_work_checks_checked_by_idx').on(t.checkedBy),
    uniqueIndex('right_to_work_checks_current_key')
      .on(t.staffId)
      .where(sql`${t.current}`),
    index('right_to_work_checks_current_expiry_idx')
      .on(t.permissionExpiresOn, t.staffId)
      .where(sql`${t.current} and ${t.permissionExpiresOn} is not null`),
  ],
);

/** The document copies a right-to-work check rests on: the person's uploads (files they own). */
export const rightToWorkCheckFiles = pgTable(
  'right_to_work_check_files',
  {
    checkId: uuid('check_id')
      .notNull()
      .references(() => rightToWorkChecks.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
  },
  (t) => [primaryKey({ columns: [t.checkId, t.fileId] }), index('right_to_work_check_files_file_id_idx').on(t.fileId)],
);

/**
 * Reminders already sent (docs/decisions/0049-reminders.md): one row per rule, item and stage, written
 * with `ON CONFLICT DO NOTHING` in the transaction that queues the reminder, so each goes once whatever
 * the number of instances, sweeps or restarts.
 */
export const remindersSent = pgTable(
  'reminders_sent',
  {
    rule: text('rule').$type<ReminderKind>().notNull(),
    /** What it is about: an onboarding, a document, a vehicle's MOT date, a digest's recipient. */
    itemId: text('item_id').notNull(),
    /** Which of the rule's reminders: `day2`, `day5`, `expired`, a digest's week… */
    stage: text('stage').notNull(),
    /** Whom it went to, so the row goes with them. */
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'cascade' }),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.rule, t.itemId, t.stage] }), index('reminders_sent_staff_id_idx').on(t.staffId)],
);

/** Reminder kinds HR switched off or on in Set-up (docs/product.md#reminders); a kind without a row is on. */
export const reminderSettings = pgTable(
  'reminder_settings',
  {
    kind: text('kind').$type<ReminderKind>().primaryKey(),
    enabled: boolean('enabled').notNull(),
    updatedBy: uuid('updated_by').references(() => staff.id, { onDelete: 'set null' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('reminder_settings_updated_by_idx').on(t.updatedBy)],
);

/**
 * One check value per encryption key that has sealed data in this database (lib/field-key-check.ts,
 * docs/decisions/0056-field-key-ids-and-rotation.md): a fixed text sealed under the key, so a start with
 * a key that opens none of them stops instead of reading every sealed value as empty. `kid` is the
 * key's id (lib/field-crypto.ts fieldKeyId), a fingerprint that reveals nothing of the key.
 */
export const fieldKeyChecks = pgTable('field_key_checks', {
  kid: text('kid').primaryKey(),
  checkSealed: text('check_sealed').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
