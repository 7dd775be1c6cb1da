import { useParams } from 'wouter';
import { OnboardingScreen } from '@web/features/onboarding/components/onboarding-screen';
import { useDocumentTitle } from '@web/lib/use-document-title';

/** `/onboard/:token`: self-service onboarding of a joiner (docs/product.md#onboarding). */
export default function OnboardRoute() {
  const { token = '' } = useParams();
  useDocumentTitle('Onboarding');
  // A new token is a different joiner: start from a fresh screen.
  return <OnboardingScreen key={token} token={token} />;
}
