import english from 'virtual:catalogue/en-GB/survey.form';
import { translatorFor } from '@web/i18n/i18n';

/** The messages of the survey's questions, Save and its stand-ins and pickers: `const t = useSurveyFormT()`. */
export const useSurveyFormT = translatorFor(english);
