import type { MyDocument } from '@shared/api/documents.js';
import { formatDisplayDate } from '@web/lib/format-date';

/** How My Documents shows where a document stands (docs/product.md#my-documents). */
export interface MyDocumentState {
  label: string;
  color: 'success' | 'warning' | 'default';
  /** Why it cannot be signed from My Documents, when it is not signed and cannot be. */
  cannotSign?: string;
}

/** The words and colour of `document`'s state, and why it cannot be signed here when that is so. */
export function myDocumentState(document: Pick<MyDocument, 'status' | 'signed_at' | 'kind'>): MyDocumentState {
  switch (document.status) {
    case 'signed':
      return {
        label: `Signed ${document.signed_at ? formatDisplayDate(document.signed_at) : ''}`.trim(),
        color: 'success',
      };
    case 'waiting':
      return { label: 'Waiting for your signature', color: 'warning' };
    case 'onboarding':
      return {
        label: 'To be signed during onboarding',
        color: 'default',
        cannotSign: 'You sign this contract as part of your onboarding: open the link in your invitation email.',
      };
    case 'expired':
      return {
        label: 'Time to sign ran out',
        color: 'default',
        cannotSign: `The time to sign this ${document.kind} has run out. Ask your manager to send you a new one.`,
      };
  }
}
