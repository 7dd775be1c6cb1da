import english from 'virtual:catalogue/en-GB/survey.sent';
import { translatorFor } from '@web/i18n/i18n';

/** The messages of the thanks after a survey is sent: `const t = useSurveySentT()`. */
export const useSurveySentT = translatorFor(english);
