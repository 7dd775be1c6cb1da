/**
 * The server's errors under a staff form's fields (`errors.fields`, English on the wire) each have a
 * `fieldError.` message of that wording (src/web/lib/field-errors.ts), so a member reading another language
 * reads them in it. A wording added to a staff module without one would show in English; this names it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCatalogue } from '../../scripts/vite-catalogues.js';

/** Wordings left in English on purpose: answers the staff screens never send, and the survey's and two-factor's own. */
const NOT_SHOWN_TO_STAFF = [
  'Must be ${allowed}',
  'must be a base64 data URL',
  'is not valid base64',
  'is not a bucket you may use',
  'is not a bucket this link may use',
  'must be survey',
  'is not a PDF',
  'is not right',
  'question ${a.id} is answered twice',
  'question ${id} is not in this survey',
  '${q.question}: an answer is required',
  '${q.question}: ${checked.error}',
];

/** Modules outside the console folder that only HR's screens call: their wordings stay English, as the console does. */
const HR_ONLY = [join('documents', 'stored-templates.ts')];

/** The `.ts` files under `dir`, tests and the HR console's modules aside. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'console' ? [] : sources(path);
    const staff = path.endsWith('.ts') && !path.endsWith('.test.ts') && !HR_ONLY.some((hr) => path.endsWith(hr));
    return staff ? [path] : [];
  });
}

/** Each `error: '…'` and `` error: `…` `` text of the staff side's server modules and the survey's answer checks aside. */
function serverWordings(): string[] {
  const texts = new Set<string>();
  for (const file of sources('src/server/modules')) {
    if (file.includes(join('modules', 'surveys', 'service.ts'))) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(/\berror: (['`])((?:(?!\1).)+)\1/g)) texts.add(match[2]!);
  }
  return [...texts];
}

/** A server wording as a pattern of catalogue English: each `${…}` a placeholder, the rest as written. */
const patternOf = (wording: string) =>
  new RegExp(
    `^${wording
      .split(/\$\{[^}]+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('\\{\\w+\\}')}$`,
  );

describe('field error wordings', () => {
  const english = Object.entries(readCatalogue('en-GB')).filter(([key]) => key.startsWith('fieldError.'));

  it('the staff side’s server modules have a fieldError message for each wording they put under a field', () => {
    const wordings = serverWordings();
    expect(wordings.length).toBeGreaterThan(20);
    const missing = wordings.filter(
      (wording) =>
        !NOT_SHOWN_TO_STAFF.includes(wording) && !english.some(([, message]) => patternOf(wording).test(message)),
    );
    expect(missing).toEqual([]);
  });
});
