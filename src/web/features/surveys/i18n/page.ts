import english from 'virtual:catalogue/en-GB/survey.page';
import { translatorFor } from '@web/i18n/i18n';

/** The messages of the survey page (title, not found, the authentication mismatch): `const t = useSurveyPageT()`. */
export const useSurveyPageT = translatorFor(english);
