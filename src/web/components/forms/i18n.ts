import english from 'virtual:catalogue/en-GB/common.forms';
import { translatorFor } from '@web/i18n/i18n';

/** The messages of the shared components/forms: `const t = useCommonFormsT()`. */
export const useCommonFormsT = translatorFor(english);
