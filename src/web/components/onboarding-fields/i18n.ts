import english from 'virtual:catalogue/en-GB/fields';
import { translatorFor } from '@web/i18n/i18n';

/** The onboarding form fields' own messages (not HR's labels): `const t = useFieldsT()`. */
export const useFieldsT = translatorFor(english);
