import english from 'virtual:catalogue/en-GB/password';
import { translatorFor } from '@web/i18n/i18n';

/** The set-password page's messages: `const t = usePasswordT()`. */
export const usePasswordT = translatorFor(english);
