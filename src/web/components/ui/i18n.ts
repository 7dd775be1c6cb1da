import english from 'virtual:catalogue/en-GB/common.ui';
import { translatorFor } from '@web/i18n/i18n';

/** The messages of the shared components/ui: `const t = useCommonUiT()`. */
export const useCommonUiT = translatorFor(english);
