import { useParams } from 'wouter';
import { OnboardingScreen } from '@web/features/onboarding/components/onboarding-screen';
import { useOnboardingT } from '@web/features/onboarding/i18n';
import { useDocumentTitle } from '@web/lib/use-document-title';

/** `/onboard/:token`: self-service onboarding of a joiner (docs/product.md#onboarding). */
export default function OnboardRoute() {
  const { token = '' } = useParams();
  const t = useOnboardingT();
  useDocumentTitle(t('onboarding.title'));
  // A new token is a different joiner: start from a fresh screen.
  return <OnboardingScreen key={token} token={token} />;
}
