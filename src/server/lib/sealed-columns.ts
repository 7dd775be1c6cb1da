/**
 * Every column that holds values sealed with lib/field-crypto.ts, with the context each row's value is
 * sealed for: what the start's key check probes, `keys reseal` re-seals and `keys status` counts
 * (docs/decisions/0056-field-key-ids-and-rotation.md). The readers and writers take their contexts from
 * here, so a value the re-seal writes opens where it is read. A column named `*_sealed` that is not
 * listed fails tests/repo/sealed-columns.test.ts.
 */
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  deliveries,
  onboardingDrafts,
  onboardings,
  rightToWorkChecks,
  sessions,
  signingCertificates,
  staff,
  tfaMethods,
} from '@server/db/schema.js';

/** The sealing contexts (the additional data of AES-GCM), by the row's key. */
export const sealContext = {
  bankAccount: (staffId: string) => `staff:${staffId}:bank_account`,
  sortCode: (staffId: string) => `staff:${staffId}:sort_code`,
  niNumber: (staffId: string) => `staff:${staffId}:ni_number`,
  /** One context for every session's ID token: the row's key is the token's hash, not an id. */
  idToken: () => 'session:id-token',
  onboardingAnswers: (onboardingId: string) => `onboarding-answers:${onboardingId}`,
  onboardingDraft: (onboardingId: string) => `onboarding-draft:${onboardingId}`,
  authenticatorSecret: (methodId: string) => `tfa:${methodId}:secret`,
  shareCode: (checkId: string) => `right-to-work:${checkId}`,
  deliveryBody: (deliveryId: string) => `delivery:${deliveryId}`,
  signingKey: (certificateId: string) => `signing-certificate:${certificateId}:key`,
} as const;

/** One sealed column: its table, the row's key (a one-column primary key), and the context of a row's value. */
export interface SealedColumn {
  /** `table.column` as in the database, for reports and logs. */
  name: string;
  table: PgTable;
  key: AnyPgColumn;
  column: AnyPgColumn;
  context(key: string): string;
}

/** Every sealed column, in the order the key check probes and the re-seal goes. */
export const SEALED_COLUMNS: readonly SealedColumn[] = [
  {
    name: 'staff.bank_account_sealed',
    table: staff,
    key: staff.id,
    column: staff.bankAccountSealed,
    context: sealContext.bankAccount,
  },
  {
    name: 'staff.sort_code_sealed',
    table: staff,
    key: staff.id,
    column: staff.sortCodeSealed,
    context: sealContext.sortCode,
  },
  {
    name: 'staff.ni_number_sealed',
    table: staff,
    key: staff.id,
    column: staff.niNumberSealed,
    context: sealContext.niNumber,
  },
  {
    name: 'onboardings.answers_sealed',
    table: onboardings,
    key: onboardings.id,
    column: onboardings.answersSealed,
    context: sealContext.onboardingAnswers,
  },
  {
    name: 'onboarding_drafts.answers_sealed',
    table: onboardingDrafts,
    key: onboardingDrafts.onboardingId,
    column: onboardingDrafts.answersSealed,
    context: sealContext.onboardingDraft,
  },
  {
    name: 'tfa_methods.secret_sealed',
    table: tfaMethods,
    key: tfaMethods.id,
    column: tfaMethods.secretSealed,
    context: sealContext.authenticatorSecret,
  },
  {
    name: 'right_to_work_checks.share_code_sealed',
    table: rightToWorkChecks,
    key: rightToWorkChecks.id,
    column: rightToWorkChecks.shareCodeSealed,
    context: sealContext.shareCode,
  },
  {
    name: 'sessions.id_token_sealed',
    table: sessions,
    key: sessions.tokenHash,
    column: sessions.idTokenSealed,
    context: sealContext.idToken,
  },
  {
    name: 'deliveries.body',
    table: deliveries,
    key: deliveries.id,
    column: deliveries.body,
    context: sealContext.deliveryBody,
  },
  {
    name: 'signing_certificates.private_key_sealed',
    table: signingCertificates,
    key: signingCertificates.id,
    column: signingCertificates.privateKeySealed,
    context: sealContext.signingKey,
  },
];
