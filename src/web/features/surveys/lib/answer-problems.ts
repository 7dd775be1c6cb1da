import { translate, type MessageId } from '@web/i18n/i18n';

/**
 * Why the server refused an answer (src/server/modules/surveys/service.ts words each field error as
 * `<question>: <problem>`, in English), by problem: its pattern and the catalogue's key.
 */
const PROBLEMS: ReadonlyArray<readonly [RegExp, MessageId]> = [
  [/^an answer is required$/, 'survey.form.problemRequired'],
  [/^must be text$/, 'survey.form.problemText'],
  [/^must be at most (?<max>\d+) characters$/, 'survey.form.problemTooLong'],
  [/^choose one of the options$/, 'survey.form.problemOption'],
  [/^choose from (?<min>\d+) to (?<max>\d+) bars$/, 'survey.form.problemBars'],
  [/^choose one of the venues$/, 'survey.form.problemVenue'],
  [/^enter a real date as DD\/MM\/YYYY$/, 'survey.form.problemDate'],
  [/^enter a from and an until time as HH:mm$/, 'survey.form.problemTime'],
  [/^the from time must not be after the until time$/, 'survey.form.problemTimeOrder'],
  [/^upload the photo again$/, 'survey.form.problemPhoto'],
  [/^cannot be answered$/, 'survey.form.problemCannot'],
];

/**
 * A refused answer's text in the member's language: the question as HR wrote it, then the problem
 * from the catalogue. A text it does not recognise stays as the server sent it. Only for a language
 * other than English, which shows the server's words.
 */
export function answerProblemText(message: string): string {
  const colon = message.lastIndexOf(': ');
  const problem = colon < 0 ? message : message.slice(colon + 2);
  for (const [pattern, key] of PROBLEMS) {
    const match = pattern.exec(problem);
    if (!match) continue;
    const translated = translate(key, match.groups);
    return colon < 0 ? translated : `${message.slice(0, colon)}: ${translated}`;
  }
  return message;
}
