/**
 * Contracts and agreements signed from their own links (docs/product.md#documents contract and agreement pages,
 * Contract and Agreement, their states, `/staff/employment/contract/<token>` and
 * `/staff/agreement/<token>`). `title` is ours: the document's name, shown under the heading.
 */
import { z } from 'zod';
import { MAX_SIGNATURE_DATA_LENGTH, MAX_VERIFY_PDF_BYTES } from '@shared/upload-rules.js';

/** The link token in a path (`/onboard/<token>`, `/contract/<token>`, `/agreement/<token>`). */
export const tokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

/** Every signing call: onboarding contract, contract and agreement (docs/product.md#documents): the pad's PNG data URL. */
export const signBodySchema = z.object({
  signature_data: z
    .string()
    .min(1, 'Please sign before submitting')
    .max(MAX_SIGNATURE_DATA_LENGTH, 'The signature image is too large'),
});
export type SignBody = z.infer<typeof signBodySchema>;

const fileRef = z.object({ id: z.uuid() });

/** docs/product.md#documents: "Contract": a PDF when `file` is set, else the rendered HTML. */
export const contractSchema = z.object({
  title: z.string(),
  file: fileRef.nullable(),
  rendered: z.string().nullable(),
  status: z.object({ complete: z.boolean() }),
  /** ISO date-time of signing; null until signed. */
  date_accepted: z.string().nullable(),
});
export type Contract = z.infer<typeof contractSchema>;
export const contractAnswerSchema = z.object({ data: contractSchema });
export type ContractAnswer = z.infer<typeof contractAnswerSchema>;

/** docs/product.md#documents: "Agreement": a PDF when `pdf` is set, else the template HTML; `date_signed` false until signed. */
export const agreementSchema = z.object({
  title: z.string(),
  pdf: fileRef.nullable(),
  template: z.string().nullable(),
  status: z.object({ complete: z.boolean() }),
  date_signed: z.union([z.string(), z.literal(false)]),
});
export type Agreement = z.infer<typeof agreementSchema>;
export const agreementAnswerSchema = z.object({ data: agreementSchema });
export type AgreementAnswer = z.infer<typeof agreementAnswerSchema>;

/** `?include=rendered` (docs/product.md#documents): without it the HTML is left out. */
export const documentQuerySchema = z.object({ include: z.string().max(100).optional() });

/**
 * Where a member's document stands in My Documents (docs/product.md#my-documents): `waiting` for their
 * signature (signable there or from its link), `onboarding` (the contract signed inside onboarding, not
 * yet signed), `expired` (unsigned, its link past its date) or `signed`.
 */
export const myDocumentStatusSchema = z.enum(['waiting', 'onboarding', 'expired', 'signed']);
export type MyDocumentStatus = z.infer<typeof myDocumentStatusSchema>;

/** One row of My Documents: a contract or agreement issued to the signed-in member. */
export const myDocumentSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['contract', 'agreement']),
  title: z.string(),
  status: myDocumentStatusSchema,
  /** ISO date-times. */
  issued_at: z.string(),
  signed_at: z.string().nullable(),
  /** The last day its link works (ISO date-time), null without a link of its own. */
  expires_at: z.string().nullable(),
});
export type MyDocument = z.infer<typeof myDocumentSchema>;

/** `GET /staff/self-service/documents`: every document issued to the member, newest first. */
export const myDocumentsAnswerSchema = z.object({ data: z.array(myDocumentSchema) });
export type MyDocumentsAnswer = z.infer<typeof myDocumentsAnswerSchema>;

/** `GET /staff/self-service/documents/<id>`: one of them, with what the page shows. */
export const myDocumentDetailSchema = myDocumentSchema.extend({
  /** The document is a PDF: it shows from its `/pdf` address. */
  is_pdf: z.boolean(),
  /** The sanitised HTML of an HTML document. */
  html: z.string().nullable(),
});
export type MyDocumentDetail = z.infer<typeof myDocumentDetailSchema>;
export const myDocumentAnswerSchema = z.object({ data: myDocumentDetailSchema });
export type MyDocumentAnswer = z.infer<typeof myDocumentAnswerSchema>;

/** A member's document in a path. */
export const myDocumentParamsSchema = z.object({ id: z.uuid() });
/** `POST /verify` (docs/product.md#verify): the PDF as a `data:application/pdf;base64,` URL; never stored. */
export const verifyBodySchema = z.object({
  file_data: z
    .string()
    .min(1, 'Choose a PDF file')
    .max(Math.ceil((MAX_VERIFY_PDF_BYTES * 4) / 3) + 1024, 'The file is too large (20 MB at most)'),
});
export type VerifyBody = z.infer<typeof verifyBodySchema>;

/** What `/verify` found: the verdict's code, its sentence word for word, and what a trusted time confirms. */
export const verifyResultSchema = z.object({
  verdict: z.enum(['intact', 'changed', 'not-signed-here']),
  message: z.string(),
  trusted_time: z.string(),
});
export type VerifyResult = z.infer<typeof verifyResultSchema>;
export const verifyAnswerSchema = z.object({ data: verifyResultSchema });
