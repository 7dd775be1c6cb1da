import english from 'virtual:catalogue/en-GB/signing';
import { translatorFor } from '@web/i18n/i18n';

/** The signature pad's and the document view's messages: `const t = useSigningT()`. */
export const useSigningT = translatorFor(english);
