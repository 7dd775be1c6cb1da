import type { Language } from '@shared/languages.js';
import { choiceStore } from './stored-language';

/**
 * Keeps the device and the signed-in member's record in step, once the member is loaded: a language on
 * their record is shown here (and kept on the device); with none there, a language chosen on this
 * device before signing in is saved to it. The code that does either is fetched only then.
 */
export function followMemberLanguage(recorded: Language | undefined): void {
  const chosen = choiceStore.getState().chosen;
  const show = recorded && recorded !== chosen;
  const save = !recorded && chosen && chosen !== 'en-GB' && chosen !== 'pseudo';
  if (show || save)
    void import('./language-choice')
      .then(({ chooseLanguage }) =>
        show ? chooseLanguage(recorded, { signedIn: false }) : chooseLanguage(chosen!, { signedIn: true }),
      )
      .catch(() => {});
}
