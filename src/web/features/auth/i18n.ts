import english from 'virtual:catalogue/en-GB/signin';
import { translatorFor } from '@web/i18n/i18n';

/** The sign-in screen's messages: `const t = useSignInT()`. */
export const useSignInT = translatorFor(english);
