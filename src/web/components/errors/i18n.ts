import english from 'virtual:catalogue/en-GB/common.errors';
import { translatorFor } from '@web/i18n/i18n';

/** The messages of the shared components/errors: `const t = useCommonErrorsT()`. */
export const useCommonErrorsT = translatorFor(english);
