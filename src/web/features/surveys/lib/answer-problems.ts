import { fromWording } from '@web/i18n/i18n';

/**
 * A refused answer's text in the member's language: the question as HR wrote it, then the problem
 * (src/server/modules/surveys/service.ts words each field error as `<question>: <problem>`, in English) as the
 * `survey.form.problem` message of that wording (fromWording). A text it does not recognise stays as the
 * server sent it; English shows the server's words.
 */
export function answerProblemText(message: string): string {
  const colon = message.lastIndexOf(': ');
  const problem = colon < 0 ? message : message.slice(colon + 2);
  const translated = fromWording(problem, 'survey.form.problem');
  if (translated === problem) return message;
  return colon < 0 ? translated : `${message.slice(0, colon)}: ${translated}`;
}
