/**
 * Right-to-work checks (docs/product.md#right-to-work-records), as the Home Office's "Employer's guide to
 * right to work checks" names them. Zod-free, so the web may use the names at run time.
 */

/**
 * How the right to work was checked: a manual check of original documents, the Home Office online
 * service (with the share code the person gave), or an identity service provider's digital check.
 */
export const RIGHT_TO_WORK_KINDS = ['manual_document', 'home_office_online', 'idsp'] as const;
export type RightToWorkKind = (typeof RIGHT_TO_WORK_KINDS)[number];

/**
 * The documents an identity service provider may check: valid British and Irish passports (an Irish
 * passport card included). Anyone else needs a manual or an online check (Employer's guide, "Digital
 * identity verification").
 */
export const IDSP_DOCUMENTS = ['british_passport', 'irish_passport', 'irish_passport_card'] as const;
export type IdspDocument = (typeof IDSP_DOCUMENTS)[number];

/** The right-to-work view's lists: no check recorded, permission expiring within 90 days, expired. */
export const RIGHT_TO_WORK_LISTS = ['none', 'expiring', 'expired'] as const;
export type RightToWorkList = (typeof RIGHT_TO_WORK_LISTS)[number];

/** How far ahead "expiring" looks, in days. */
export const EXPIRING_WITHIN_DAYS = 90;

/** A Home Office share code as people type it: 9 letters and digits, often in groups of three. */
export const SHARE_CODE_PATTERN = /^[A-Z0-9]{9}$/;

/** Labels the console shows. */
export const RIGHT_TO_WORK_KIND_LABELS: Record<RightToWorkKind, string> = {
  manual_document: 'Manual document check',
  home_office_online: 'Home Office online check',
  idsp: 'Identity service provider',
};
export const IDSP_DOCUMENT_LABELS: Record<IdspDocument, string> = {
  british_passport: 'British passport',
  irish_passport: 'Irish passport',
  irish_passport_card: 'Irish passport card',
};
