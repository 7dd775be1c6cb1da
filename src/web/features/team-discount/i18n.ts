import english from 'virtual:catalogue/en-GB/discount';
import { translatorFor } from '@web/i18n/i18n';

/** Team Discount's messages (its card and offline card): `const t = useDiscountT()`. */
export const useDiscountT = translatorFor(english);
