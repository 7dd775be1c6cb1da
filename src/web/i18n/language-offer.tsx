import { lazy, Suspense } from 'react';
import { useOfferedLanguage } from './offer';

// Its code is fetched only where there is something to offer, not with every sign-in screen.
const OfferLine = lazy(() => import('./offer-line').then((module) => ({ default: module.OfferLine })));

/**
 * The one-line offer of the language the browser prefers ("Wolisz polski?"), in that language, on the
 * sign-in, onboarding, contract and agreement pages and the dashboard (docs/decisions/0069-member-language.md):
 * nothing until the browser prefers one of the staff side's languages to English, and nothing once a
 * language was chosen or the offer dismissed on this device. `signedIn` keeps a choice on the member's record too.
 */
export function LanguageOffer({ signedIn }: { signedIn: boolean }) {
  const language = useOfferedLanguage();
  if (!language) return null;
  return (
    <Suspense fallback={null}>
      <OfferLine language={language} signedIn={signedIn} />
    </Suspense>
  );
}
