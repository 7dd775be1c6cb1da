/**
 * Contracts and agreements signed from their own links (spec §2 contract and agreement pages, §3
 * Contract and Agreement, §4 their states, §7 `/staff/employment/contract/<token>` and
 * `/staff/agreement/<token>`). `title` is ours: the document's name, shown under the heading.
 */
import { z } from 'zod';

const fileRef = z.object({ id: z.uuid() });

/** Spec §3 "Contract": a PDF when `file` is set, else the rendered HTML. */
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

/** Spec §3 "Agreement": a PDF when `pdf` is set, else the template HTML; `date_signed` false until signed. */
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

/** `?include=rendered` (spec §7): without it the HTML is left out. */
export const documentQuerySchema = z.object({ include: z.string().max(100).optional() });
