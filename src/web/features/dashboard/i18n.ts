import english from 'virtual:catalogue/en-GB/dashboard';
import { translatorFor } from '@web/i18n/i18n';

/** The dashboard's messages: `const t = useDashboardT()`. */
export const useDashboardT = translatorFor(english);
