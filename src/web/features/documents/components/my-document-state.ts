import type { MyDocument } from '@shared/api/documents.js';
import type { MessageId, Translate } from '@web/i18n/i18n';
import { formatDisplayDate } from '@web/lib/format-date';

/** How My Documents shows where a document stands (docs/product.md#my-documents). */
export interface MyDocumentState {
  label: string;
  color: 'success' | 'warning' | 'default';
  /** Why it cannot be signed from My Documents, when it is not signed and cannot be. */
  cannotSign?: string;
}

/** Why an expired document cannot be signed, by kind: the sentence agrees with its noun. */
const EXPIRED: Record<MyDocument['kind'], MessageId> = {
  contract: 'documents.contract.expired',
  agreement: 'documents.agreement.expired',
};

/** The words (through `t`) and colour of `document`'s state, and why it cannot be signed here when that is so. */
export function myDocumentState(
  document: Pick<MyDocument, 'status' | 'signed_at' | 'kind'>,
  t: Translate,
): MyDocumentState {
  switch (document.status) {
    case 'signed':
      return {
        label: document.signed_at
          ? t('documents.state.signedOn', { date: formatDisplayDate(document.signed_at) })
          : t('documents.state.signed'),
        color: 'success',
      };
    case 'waiting':
      return { label: t('documents.state.waiting'), color: 'warning' };
    case 'onboarding':
      return {
        label: t('documents.state.onboarding'),
        color: 'default',
        cannotSign: t('documents.onboardingOnly'),
      };
    case 'expired':
      return { label: t('documents.state.expired'), color: 'default', cannotSign: t(EXPIRED[document.kind]) };
  }
}
