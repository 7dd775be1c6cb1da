import english from 'virtual:catalogue/en-GB/twoFactor';
import { translatorFor } from '@web/i18n/i18n';

/** The two-factor dialog's messages: `const t = useTwoFactorT()`. */
export const useTwoFactorT = translatorFor(english);
