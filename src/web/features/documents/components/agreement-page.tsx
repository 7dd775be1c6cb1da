import { TokenPageShell } from '@web/components/token-page/token-page-shell';
import { TokenQueryView } from '@web/components/token-page/token-query-view';
import { errorText } from '@web/lib/error-text';
import { agreementPdfUrl, useAgreement } from '../api/get-agreement';
import { useSignAgreement } from '../api/sign-agreement';
import { SignableDocument, type DocumentWording } from './signable-document';

const WORDING: DocumentWording = { heading: 'Agreements', noun: 'agreement', signLabel: 'Sign Agreement' };

/**
 * `/agreement/<token>` (docs/product.md#documents agreement page): the agreement as a PDF when it has one, otherwise
 * its template HTML; signed with the pad; once signed (`date_signed` no longer false), the date and
 * the signed PDF.
 */
export function AgreementPage({ token }: { token: string }) {
  const agreement = useAgreement(token);
  const sign = useSignAgreement(token);
  return (
    <TokenPageShell>
      <TokenQueryView query={agreement}>
        {(data) => (
          <SignableDocument
            wording={WORDING}
            title={data.title}
            complete={data.status.complete || data.date_signed !== false}
            signedAt={data.date_signed === false ? null : data.date_signed}
            pdfUrl={data.pdf ? agreementPdfUrl(token) : null}
            html={data.template}
            downloadUrl={agreementPdfUrl(token)}
            onSign={(signature) => sign.mutate(signature)}
            signing={sign.isPending}
            signError={sign.isError ? errorText(sign.error) : null}
          />
        )}
      </TokenQueryView>
    </TokenPageShell>
  );
}
