import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '@web/i18n/i18n';
import '../i18n/form';
import { answerProblemText } from './answer-problems';

describe('answerProblemText', () => {
  afterEach(async () => {
    await activateLocale('en-GB');
  });

  it('shows a Polish member the problem in Polish after the question as HR wrote it', async () => {
    await activateLocale('pl');
    expect(answerProblemText('Venue: an answer is required')).toBe('Venue: odpowiedź jest wymagana');
    expect(answerProblemText('Music level: choose from 1 to 5 bars')).toBe('Music level: wybierz od 1 do 5 kresek');
    expect(answerProblemText('Notes: must be at most 500 characters')).toBe('Notes: może mieć najwyżej 500 znaków');
  });

  it('leaves a problem it does not know, and English, as the server sent it', async () => {
    expect(answerProblemText('Venue: an answer is required')).toBe('Venue: an answer is required');
    await activateLocale('pl');
    expect(answerProblemText('question 7 is not in this survey')).toBe('question 7 is not in this survey');
  });
});
