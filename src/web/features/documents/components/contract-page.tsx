import { TokenPageShell } from '@web/components/token-page/token-page-shell';
import { TokenQueryView } from '@web/components/token-page/token-query-view';
import { errorText } from '@web/lib/error-text';
import { contractPdfUrl, useContract } from '../api/get-contract';
import { useSignContract } from '../api/sign-contract';
import { SignableDocument, type DocumentWording } from './signable-document';

const WORDING: DocumentWording = { heading: 'Contracts', noun: 'contract', signLabel: 'Sign Contract' };

/**
 * `/contract/<token>` (docs/product.md#documents contract page): the contract as a PDF when it has a file, otherwise
 * its rendered HTML; signed with the pad; once signed, the date (`date_accepted`) and the signed PDF.
 */
export function ContractPage({ token }: { token: string }) {
  const contract = useContract(token);
  const sign = useSignContract(token);
  return (
    <TokenPageShell>
      <TokenQueryView query={contract}>
        {(data) => (
          <SignableDocument
            wording={WORDING}
            title={data.title}
            complete={data.status.complete}
            signedAt={data.date_accepted}
            pdfUrl={data.file ? contractPdfUrl(token) : null}
            html={data.rendered}
            downloadUrl={contractPdfUrl(token)}
            onSign={(signature) => sign.mutate(signature)}
            signing={sign.isPending}
            signError={sign.isError ? errorText(sign.error) : null}
          />
        )}
      </TokenQueryView>
    </TokenPageShell>
  );
}
