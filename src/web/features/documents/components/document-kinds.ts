import { useQuery, type UseMutationResult, type UseQueryResult } from '@tanstack/react-query';
import { agreementPdfUrl, agreementQueryOptions } from '../api/get-agreement';
import { contractPdfUrl, contractQueryOptions } from '../api/get-contract';
import { useSignAgreement } from '../api/sign-agreement';
import { useSignContract } from '../api/sign-contract';

/** The two documents reached by their own link (docs/product.md#documents). */
export type DocumentKind = 'contract' | 'agreement';

/** A contract or an agreement as its page shows it, whatever its kind calls the fields (docs/product.md#documents). */
export interface ShownDocument {
  /** The document's own name, under the heading. */
  title: string;
  complete: boolean;
  /** ISO date-time of signing, when known. */
  signedAt: string | null;
  /** The document is a PDF (`file` / `pdf` set): it shows from the page's own `/pdf` address. */
  isPdf: boolean;
  /** The sanitised HTML (`rendered` / `template`). */
  html: string | null;
}

/** What differs between the contract and the agreement pages (docs/product.md#documents). */
export interface DocumentKindSpec {
  /** Page heading: 'Contracts' or 'Agreements'. */
  heading: string;
  /** 'contract' or 'agreement', as used in sentences. */
  noun: string;
  /** 'Sign Contract' or 'Sign Agreement'. */
  signLabel: string;
  /** Address of the document's PDF, the signed one once signed. */
  pdfUrl: (token: string) => string;
  /** The document of `token`, read into what the page shows. */
  useDocument: (token: string) => UseQueryResult<ShownDocument>;
  /** Signs with the pad's PNG data URL; the answer (or a reload on 409) shows it signed. */
  useSign: (token: string) => UseMutationResult<unknown, Error, string>;
}

/**
 * The per-kind table of docs/product.md#documents: the words, the calls, and which fields mean signed,
 * the PDF and the HTML (contract: `status.complete`, `date_accepted`, `file`, `rendered`; agreement:
 * `status.complete` or `date_signed` no longer false, `pdf`, `template`).
 */
export const DOCUMENT_KINDS: Record<DocumentKind, DocumentKindSpec> = {
  contract: {
    heading: 'Contracts',
    noun: 'contract',
    signLabel: 'Sign Contract',
    pdfUrl: contractPdfUrl,
    useDocument: (token) =>
      useQuery({
        ...contractQueryOptions(token),
        select: (contract) => ({
          title: contract.title,
          complete: contract.status.complete,
          signedAt: contract.date_accepted,
          isPdf: contract.file !== null,
          html: contract.rendered,
        }),
      }),
    useSign: useSignContract,
  },
  agreement: {
    heading: 'Agreements',
    noun: 'agreement',
    signLabel: 'Sign Agreement',
    pdfUrl: agreementPdfUrl,
    useDocument: (token) =>
      useQuery({
        ...agreementQueryOptions(token),
        select: (agreement) => ({
          title: agreement.title,
          complete: agreement.status.complete || agreement.date_signed !== false,
          signedAt: agreement.date_signed === false ? null : agreement.date_signed,
          isPdf: agreement.pdf !== null,
          html: agreement.template,
        }),
      }),
    useSign: useSignAgreement,
  },
};
