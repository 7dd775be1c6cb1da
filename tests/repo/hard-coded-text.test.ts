/**
 * The lint rule that keeps hard-coded text out of the screens that read in the member's language
 * (eslint.config.js TRANSLATED_SCREENS, docs/decisions/0069-member-language.md): it refuses words in
 * JSX text, in the attributes a user reads or hears and in template literals shown on the page, there
 * and only there, and lets text from the catalogues through.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });
const HARD_CODED = 'User-facing text comes from the message catalogues';

async function messagesOf(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.resolve(file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

const SCREEN = 'src/web/features/dashboard/components/example.tsx';

describe('hard-coded text in a translated screen', () => {
  it.each([
    ['JSX text', 'export const A = () => <p>Good Morning</p>;'],
    ['a label', 'export const A = () => <input aria-label="Open menu" />;'],
    ['a label in braces', "export const A = () => <img alt={'Team discount QR code'} />;"],
    ['a template literal shown', 'export const A = ({ n }: { n: string }) => <p>{`Hi, ${n}`}</p>;'],
  ])('refuses %s', async (_kind, code) => {
    const found = await messagesOf(code, SCREEN);
    expect(found.length).toBe(1);
    expect(found[0]).toContain(HARD_CODED);
  });

  it('lets through text from the catalogues, punctuation and class names', async () => {
    const code = [
      'declare const t: (id: string) => string;',
      'export const A = () => (',
      '  <p className="x" aria-label={t(\'frame.menu.open\')}>',
      "    {t('dashboard.welcome')}{' '}—",
      '  </p>',
      ');',
    ].join('\n');
    expect(await messagesOf(code, SCREEN)).toEqual([]);
  });

  it('does not yet apply to screens still in English only', async () => {
    expect(
      await messagesOf('export const A = () => <p>Good Morning</p>;', 'src/web/features/console/components/x.tsx'),
    ).toEqual([]);
  });
});
