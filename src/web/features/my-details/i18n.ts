import english from 'virtual:catalogue/en-GB/details';
import { translatorFor } from '@web/i18n/i18n';

/** My Details' messages (the page, its cards and modals): `const t = useDetailsT()`. */
export const useDetailsT = translatorFor(english);
