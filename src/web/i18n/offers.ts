import type { Language } from '@shared/languages.js';

/**
 * The one-line offer of each language, written in that language (it is shown to someone who reads
 * it better than English, before they choose it): the question, the button that switches to it and
 * the name of the button that dismisses the offer.
 */
export const OFFERS: Record<Language, { question: string; accept: string; dismiss: string }> = {
  pl: { question: 'Wolisz polski?', accept: 'Przełącz na polski', dismiss: 'Nie, dziękuję' },
  ro: { question: 'Preferi română?', accept: 'Treci la română', dismiss: 'Nu, mulțumesc' },
  es: { question: '¿Prefieres español?', accept: 'Cambiar a español', dismiss: 'No, gracias' },
  pt: { question: 'Prefere português?', accept: 'Mudar para português', dismiss: 'Não, obrigado' },
};
