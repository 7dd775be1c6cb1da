import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DocumentView } from '@web/components/signing/document-view';
import { SignaturePanel } from '@web/components/signing/signature-panel';
import { QueryErrorAlert } from '@web/components/ui/query-error-alert';
import { Spinner } from '@web/components/ui/spinner';
import { errorText } from '@web/lib/error-text';
import { useOnboardingContractText } from '../api/get-onboarding-contract-text';
import { useSignOnboardingContract } from '../api/sign-onboarding-contract';
import { useOnboardingT } from '../i18n';
import { StepHeading } from './step-heading';

/**
 * The contract step (docs/product.md#onboarding onboarding contract): 'The legal bit...', the contract as a PDF when
 * its text call gives a url, otherwise as HTML, then the signature pad; 'Sign Contract' appears
 * once something is signed. The answer replaces the status (on to the password step); errors
 * show inline.
 */
export default function ContractStep({ token }: { token: string }) {
  const t = useOnboardingT();
  const text = useOnboardingContractText(token);
  const sign = useSignOnboardingContract(token);

  let document;
  if (text.data) {
    const { data: html, meta } = text.data;
    document = (
      <>
        {meta.title && (
          <Typography component="h3" variant="h3" sx={{ textAlign: 'center' }}>
            {meta.title}
          </Typography>
        )}
        <DocumentView pdfUrl={meta.url} html={html} title={meta.title || t('onboarding.contract.title')} />
        <SignaturePanel
          signLabel={t('onboarding.contract.sign')}
          whenEmpty="hide"
          onSign={(signature) => sign.mutate(signature)}
          pending={sign.isPending}
          error={sign.isError ? errorText(sign.error) : null}
        />
      </>
    );
  } else if (text.isPending) {
    document = <Spinner />;
  } else {
    document = <QueryErrorAlert error={text.error} onRetry={() => void text.refetch()} />;
  }

  return (
    <Stack spacing={2.5}>
      <StepHeading>{t('onboarding.contract.heading')}</StepHeading>
      <Typography sx={{ textAlign: 'center' }}>{t('onboarding.contract.intro')}</Typography>
      {document}
    </Stack>
  );
}
