import english from 'virtual:catalogue/en-GB/documents';
import { translatorFor } from '@web/i18n/i18n';

/** The contract, agreement and My Documents pages' messages: `const t = useDocumentsT()`. */
export const useDocumentsT = translatorFor(english);
