import english from 'virtual:catalogue/en-GB/viewer';
import { translatorFor } from '@web/i18n/i18n';

/** The document viewers' messages (zoom toolbar, dialog, download): `const t = useViewerT()`. */
export const useViewerT = translatorFor(english);
