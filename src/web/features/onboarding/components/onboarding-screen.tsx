import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { OnboardingStatus } from '@shared/api/onboarding.js';
import { PageLanguage } from '@web/components/token-page/page-language';
import { TokenPageShell } from '@web/components/token-page/token-page-shell';
import { TokenQueryView } from '@web/components/token-page/token-query-view';
import { Spinner } from '@web/components/ui/spinner';
import { onboardingDraftQueryOptions } from '../api/get-onboarding-draft';
import { useOnboardingT } from '../i18n';
import { onboardingStatusKey, takeEmbeddedOnboarding, useOnboardingStatus } from '../api/get-onboarding-status';
import { CompleteStep } from './complete-step';
import { RestoredDetailsStep } from './details-step';
import { PasswordStep } from './password-step';
import { StepMovedContext } from './step-heading';

// The signature pad and the document viewer only download on the contract step.
const ContractStep = lazy(() => import('./contract-step'));

/** The sub-screen of a step (docs/product.md#onboarding onboarding: details, contract, password, complete). */
function StepScreen({ token, status }: { token: string; status: OnboardingStatus }) {
  switch (status.step) {
    case 'details':
      return <RestoredDetailsStep token={token} status={status} />;
    case 'contract':
      return (
        <Suspense fallback={<Spinner />}>
          <ContractStep token={token} />
        </Suspense>
      );
    case 'password':
      return <PasswordStep token={token} />;
    case 'complete':
      return <CompleteStep />;
  }
}

/**
 * The joiner's view of a loaded status: 'Hi <forename>' and the step's sub-screen. When an action
 * moves the joiner to another step, the page returns to the top and the new heading takes focus.
 */
function OnboardingSteps({ token, status }: { token: string; status: OnboardingStatus }) {
  const t = useOnboardingT();
  const [firstStep] = useState(status.step);
  const moved = status.step !== firstStep;
  useEffect(() => {
    if (moved) window.scrollTo({ top: 0 });
  }, [moved, status.step]);

  return (
    <StepMovedContext value={moved}>
      <Typography component="h1" variant="h1" sx={{ textAlign: 'center', mb: 3 }}>
        {t('onboarding.greeting', { name: status.data.forename })}
      </Typography>
      <StepScreen token={token} status={status} />
    </StepMovedContext>
  );
}

/**
 * `/onboard/<token>` (docs/product.md#onboarding, onboarding): the branded banner, the page's language (a
 * joiner has no menu), then the step the status gives.
 * An unknown or expired token shows the invalid-link message; other failures offer 'Try again'.
 */
export function OnboardingScreen({ token }: { token: string }) {
  const queryClient = useQueryClient();
  // What the page carried goes into the cache before the queries below read it: the form then draws
  // without asking (docs/architecture.md#performance).
  useState(() => {
    const carried = takeEmbeddedOnboarding(token);
    if (!carried) return;
    queryClient.setQueryData(onboardingStatusKey(token), carried.status);
    queryClient.setQueryData(onboardingDraftQueryOptions(token).queryKey, carried.draft);
  });
  const status = useOnboardingStatus(token);
  useEffect(() => {
    // A joiner nearly always lands on the details step, which may have a draft: it loads beside the
    // status rather than after it. (Its date fields fetch their code when the page is first used.)
    void queryClient.prefetchQuery(onboardingDraftQueryOptions(token));
  }, [queryClient, token]);
  return (
    <TokenPageShell>
      <PageLanguage />
      <TokenQueryView query={status}>{(data) => <OnboardingSteps token={token} status={data} />}</TokenQueryView>
    </TokenPageShell>
  );
}
