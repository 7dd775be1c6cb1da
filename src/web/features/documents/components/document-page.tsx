import Box from '@mui/material/Box';
import { TokenPageShell } from '@web/components/token-page/token-page-shell';
import { TokenQueryView } from '@web/components/token-page/token-query-view';
import { LanguageOffer } from '@web/i18n/language-offer';
import { errorText } from '@web/lib/error-text';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { useDocumentsT } from '../i18n';
import { DOCUMENT_KINDS, type DocumentKind } from './document-kinds';
import { SignableDocument } from './signable-document';

/**
 * `/contract/<token>` and `/agreement/<token>` (docs/product.md#documents): the heading and the document's
 * name; unsigned, an instruction, the document (its PDF when it is one, otherwise its HTML), the
 * signature pad and the sign button (disabled while signing or with nothing signed); signed,
 * 'This <noun> was signed on DD/MM/YYYY' and a download of the signed PDF. What differs per kind
 * is in DOCUMENT_KINDS. Above it, the offer of the language the browser prefers, as on sign-in: a
 * joiner often opens the link before ever signing in.
 */
export function DocumentPage({ kind, token }: { kind: DocumentKind; token: string }) {
  const spec = DOCUMENT_KINDS[kind];
  const shown = spec.useDocument(token);
  const sign = spec.useSign(token);
  const t = useDocumentsT();
  // The tab is named after the document once it has arrived.
  useDocumentTitle(shown.data?.title || t(spec.messages.heading));
  return (
    <TokenPageShell>
      {/* An offer to change the screen's language is no part of the printed document. */}
      <Box sx={{ displayPrint: 'none' }}>
        <LanguageOffer signedIn={false} />
      </Box>
      <TokenQueryView query={shown}>
        {(document) => (
          <SignableDocument
            spec={spec}
            document={document}
            pdfUrl={spec.pdfUrl(token)}
            onSign={(signature) => sign.mutate(signature)}
            signing={sign.isPending}
            signError={sign.isError ? errorText(sign.error) : null}
          />
        )}
      </TokenQueryView>
    </TokenPageShell>
  );
}
