import english from 'virtual:catalogue/en-GB/teamApps';
import { translatorFor } from '@web/i18n/i18n';

/** The Team apps page's messages: `const t = useTeamAppsT()`. */
export const useTeamAppsT = translatorFor(english);
