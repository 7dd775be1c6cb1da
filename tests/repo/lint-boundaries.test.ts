/**
 * The import boundaries of docs/architecture.md#one-way-imports are enforced by `npm run lint`:
 * each fixture in tests/lint-fixtures breaks one rule, linted as if it lived where its
 * `// lint-as:` line says, and must be refused by exactly the rule its `// expect:` line names.
 * The `allowed*` fixtures use every permitted kind of import and must lint clean, so a rule that
 * fires too widely fails here too.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const FIXTURES = path.resolve('tests/lint-fixtures');
const eslint = new ESLint({ cwd: process.cwd() });

function readFixture(name: string) {
  const text = fs.readFileSync(path.join(FIXTURES, name), 'utf8');
  const lintAs = /^\/\/ lint-as: (\S+)$/m.exec(text)?.[1];
  const expectLine = /^\/\/ expect: (.+)$/m.exec(text)?.[1];
  if (!lintAs || !expectLine) throw new Error(`${name} needs // lint-as: and // expect: lines`);
  return { text, filePath: path.resolve(lintAs), expectLine };
}

const fixtures = fs.readdirSync(FIXTURES).filter((name) => name.endsWith('.ts'));

describe('lint boundaries', () => {
  it('has a fixture for every boundary the config names', () => {
    const config = fs.readFileSync('eslint.config.js', 'utf8');
    const named = new Set([...config.matchAll(/why\('([a-z-]+)'/g)].map((m) => m[1]!));
    const covered = new Set(fixtures.map((name) => name.replace(/\.ts$/, '')));
    expect([...named].filter((name) => !covered.has(name))).toEqual([]);
  });

  for (const name of fixtures) {
    it(`${name}`, async () => {
      const { text, filePath, expectLine } = readFixture(name);
      const [result] = await eslint.lintText(text, { filePath });
      const found = result!.messages.map((m) => `${m.ruleId} ${m.message}`);
      if (expectLine.startsWith('nothing')) {
        expect(found).toEqual([]);
        return;
      }
      const [ruleId, tag] = expectLine.split(' ');
      expect(result!.messages.length, found.join('\n')).toBeGreaterThan(0);
      for (const message of result!.messages) {
        expect(message.ruleId).toBe(ruleId);
        expect(message.message).toContain(tag);
      }
    });
  }
});
