import { useParams } from 'react-router';
import { OnboardingScreen } from '../../features/onboarding/components/onboarding-screen';

/** `/onboard/:token`: self-service onboarding of a joiner (spec §2). */
export default function OnboardRoute() {
  const { token = '' } = useParams();
  // A new token is a different joiner: start from a fresh screen.
  return <OnboardingScreen key={token} token={token} />;
}
