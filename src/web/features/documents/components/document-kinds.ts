import { useQuery, type UseMutationResult, type UseQueryResult } from '@tanstack/react-query';
import type { MessageId } from '@web/i18n/i18n';
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

/**
 * The messages of a kind's page, one key per sentence rather than a noun put into a sentence: other
 * languages decline the noun and agree the words around it with its gender.
 */
export interface DocumentKindMessages {
  /** Page heading: 'Contracts' or 'Agreements'. */
  heading: MessageId;
  /** 'Sign Contract' or 'Sign Agreement'. */
  sign: MessageId;
  /** The instruction above an unsigned document. */
  instruction: MessageId;
  /** On paper, in place of the instruction and the pad. */
  notSignedYet: MessageId;
  /** 'This <noun> was signed on {date}'. */
  signedOn: MessageId;
  /** The same without a known date. */
  signed: MessageId;
  /** In another language than English: the document is as HR wrote it, in English. */
  inEnglish: MessageId;
  /** In My Documents, when the time to sign ran out. */
  expired: MessageId;
}

/** What differs between the contract and the agreement pages (docs/product.md#documents). */
export interface DocumentKindSpec {
  messages: DocumentKindMessages;
  /** Address of the document's PDF, the signed one once signed. */
  pdfUrl: (token: string) => string;
  /** The document of `token`, read into what the page shows. */
  useDocument: (token: string) => UseQueryResult<ShownDocument>;
  /** Signs with the pad's PNG data URL; the answer (or a reload on 409) shows it signed. */
  useSign: (token: string) => UseMutationResult<unknown, Error, string>;
}

/**
 * The per-kind table of docs/product.md#documents: the messages, the calls, and which fields mean signed,
 * the PDF and the HTML (contract: `status.complete`, `date_accepted`, `file`, `rendered`; agreement:
 * `status.complete` or `date_signed` no longer false, `pdf`, `template`).
 */
export const DOCUMENT_KINDS: Record<DocumentKind, DocumentKindSpec> = {
  contract: {
    messages: {
      heading: 'documents.contract.heading',
      sign: 'documents.contract.sign',
      instruction: 'documents.contract.instruction',
      notSignedYet: 'documents.contract.notSignedYet',
      signedOn: 'documents.contract.signedOn',
      signed: 'documents.contract.signed',
      inEnglish: 'documents.contract.inEnglish',
      expired: 'documents.contract.expired',
    },
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
    messages: {
      heading: 'documents.agreement.heading',
      sign: 'documents.agreement.sign',
      instruction: 'documents.agreement.instruction',
      notSignedYet: 'documents.agreement.notSignedYet',
      signedOn: 'documents.agreement.signedOn',
      signed: 'documents.agreement.signed',
      inEnglish: 'documents.agreement.inEnglish',
      expired: 'documents.agreement.expired',
    },
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
