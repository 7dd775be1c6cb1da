import english from 'virtual:catalogue/en-GB/tokenPage';
import { translatorFor } from '@web/i18n/i18n';

/** The link-token pages' shared messages (invalid link, language): `const t = useTokenPageT()`. */
export const useTokenPageT = translatorFor(english);
