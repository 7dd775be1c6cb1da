import english from 'virtual:catalogue/en-GB/pages';
import { translatorFor } from '@web/i18n/i18n';

/** The messages of the app's own pages (the landing page, the tab's title while signing out): `const t = usePagesT()`. */
export const usePagesT = translatorFor(english);
