import english from 'virtual:catalogue/en-GB/frame';
import { translatorFor } from './i18n';

/** The messages of the signed-in frame (menu, top bar, offline notice): `const t = useFrameT()`. */
export const useFrameT = translatorFor(english);
