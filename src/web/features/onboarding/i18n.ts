import english from 'virtual:catalogue/en-GB/onboarding';
import { translatorFor } from '@web/i18n/i18n';

/** The joiner's onboarding pages' messages: `const t = useOnboardingT()`. */
export const useOnboardingT = translatorFor(english);
