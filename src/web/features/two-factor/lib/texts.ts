import english from 'virtual:catalogue/en-GB/twoFactor';
import type { CompiledMessage } from '@lingui/message-utils/compileMessage';
import { formatEnglish, type MessageId, type Translate } from '@web/i18n/i18n';

/** A time of day as HH:mm in the viewer's time zone; '' when it is not a date. */
export function timeOfDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/** The two-factor service's refusals (src/server/modules/two-factor/service.ts), worded in the catalogue as the server words them. */
const SERVER_TEXTS: readonly MessageId[] = [
  'twoFactor.serverTooManyAttempts',
  'twoFactor.serverCheckNotFound',
  'twoFactor.serverTooManyToday',
  'twoFactor.serverMethodNotFound',
  'twoFactor.serverTooManyAsked',
  'twoFactor.serverNotSent',
  'twoFactor.serverTooManyWrong',
  'twoFactor.serverCodeUsed',
  'twoFactor.serverCodeExpired',
];

/**
 * A refusal of the two-factor service (`text`, English on the wire) in the member's language: the
 * dialog's own wording of it, as it tells what to do next ('Ask for a new code'); undefined for a text
 * it does not know. Only for a language other than English, which shows the server's words.
 */
export function twoFactorProblem(text: string, t: Translate): string | undefined {
  const wrong = /^That code is not right\. (\d+) tr(?:y|ies) left\.$/.exec(text);
  if (wrong) return t('twoFactor.serverWrongCode', { left: Number(wrong[1]) });
  const key = SERVER_TEXTS.find((id) => english[id] && formatEnglish(english[id] as CompiledMessage) === text);
  return key && t(key);
}
