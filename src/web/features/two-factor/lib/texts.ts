import { fromWording } from '@web/i18n/i18n';

/** A time of day as HH:mm in the viewer's time zone; '' when it is not a date. */
export function timeOfDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/**
 * A refusal of the two-factor service (`text`, English on the wire, src/server/modules/two-factor/service.ts)
 * in the member's language: the dialog's own wording of it (`twoFactor.server…`, worded in the catalogue as the
 * server words it, found by fromWording), as it tells what to do next ('Ask for a new code'); undefined for a
 * text it does not know. Only for a language other than English, which shows the server's words.
 */
export function twoFactorProblem(text: string): string | undefined {
  const translated = fromWording(text, 'twoFactor.server');
  return translated === text ? undefined : translated;
}
